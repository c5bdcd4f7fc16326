/**
 * The catalogue cache kept across changes (src/catalogue/cache.ts, patch.ts,
 * changes.ts): after every kind of write to the catalogue, made through another database
 * connection as `audiolib scan` in another process would, every cached list (whole ordered
 * id lists of many filters and orders, pages of works with their circle, tags and VAs, the
 * name lists, the players' song counts per genre) answers exactly what a fresh server (a
 * new connection, empty cache) computes.
 * Runs on SQLite and, with AUDIOLIB_TEST_DB=pg, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/index.js';
import { openMigrated } from '../../../src/db/knex.js';
import { listNames, listWorks, orderedWorkIds, readContext, type ListOrder, type WorkFilter } from '../../../src/catalogue/index.js';
import { MAX_PATCHED } from '../../../src/catalogue/patch.js';
import { changesSince } from '../../../src/catalogue/changes.js';
import { catalogueVersion } from '../../../src/catalogue/cache.js';
import { seedWorks, vaId, type SeedWork } from '../../helpers/catalogue-seed.js';
import { tempDataDir } from '../../helpers/server.js';
import { songCountsByTag } from '../../../src/subsonic/genre-songs.js';
import { prng } from '../../helpers/prng.js';

const TAGS = ['耳かき', '癒やし', '雨音', 'ASMR', 'ささやき', 'Sleep', '添い寝', 'Horror'].map((name, i) => ({ id: i + 1, name }));
const CIRCLES = Array.from({ length: 8 }, (_, i) => ({ id: i + 1, name: ['Alpha', 'beta', 'ガンマ', 'Delta', 'alpha2', 'Zeta', 'エータ', 'Theta'][i]! }));
const VAS = ['Aoi Sato', 'Mika Tanaka', 'Ren Kato', '声優1', '声優12', 'Yui'];
const random = prng(20);
const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const sample = <T,>(list: readonly T[], n: number) => [...new Set(Array.from({ length: n }, () => pick(list)))];

function makeWork(id: number): SeedWork {
  return {
    id,
    title: `${pick(['Night', '夜', 'Rain', '雨の', 'Sleep', 'ささやき'])} ${pick(['Story', '物語', 'Voice', 'Whisper'])} ${id % 97}`,
    circle: random() < 0.9 ? pick(CIRCLES) : undefined,
    tags: sample(TAGS, 1 + Math.floor(random() * 3)),
    vas: sample(VAS, Math.floor(random() * 3)),
    release: random() < 0.1 ? undefined : `20${10 + Math.floor(random() * 15)}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 10)}`,
    price: 100 * Math.floor(random() * 5),
    dl_count: Math.floor(random() * 50),
    rate_average_2dp: Math.floor(random() * 500) / 100,
    review_count: Math.floor(random() * 10),
    nsfw: random() < 0.5,
    lyric_status: pick(['', 'local', 'ai', 'ai_local'] as const),
    status: random() < 0.05 ? 0 : 3,
    removed_at: random() < 0.05 ? '2026-01-01T00:00:00.000Z' : undefined,
    created_at: `2026-0${1 + Math.floor(random() * 9)}-10T00:00:00.000Z`,
  };
}

/** The filters and orders the cached id lists are compared in: the library in every order, the other filters in three (fewer entries than the cache keeps, 64). */
const LIB: WorkFilter = { nsfw: 0, lyric: [] };
const FILTERS: [string, WorkFilter][] = [
  ['library', LIB],
  ['tag 1', { ...LIB, tagId: 1 }],
  ['VA', { ...LIB, vaId: vaId('Mika Tanaka') }],
  ['circle 2', { ...LIB, circleId: 2 }],
  ['keyword', { ...LIB, keyword: '雨 Story' }],
  ['keyword short', { ...LIB, keyword: '夜' }],
  ['advanced', { ...LIB, advanced: [{ t: 'tag', d: '耳か' }, { t: 'VA', d: '声優1' }] }],
  ['fuzzy code', { ...LIB, advanced: [{ t: 'fuzzy', d: 'RJ001090' }] }],
  ['R18 with lyrics', { nsfw: 2, lyric: ['local'] }],
];
const ORDERS: [Exclude<ListOrder, 'betterRandom' | 'rating' | 'userRating'>, 'asc' | 'desc'][] = [
  ['release', 'desc'], ['release', 'asc'], ['id', 'asc'], ['title', 'asc'], ['circle_name', 'desc'], ['dl_count', 'desc'], ['id', 'desc'],
  ['rate_average_2dp', 'asc'], ['price', 'desc'], ['review_count', 'asc'], ['created_at', 'desc'],
];

let dataDir: string;
let db: Db; // the server's connection, whose cache is under test
let writer: Db; // another process's connection

beforeAll(async () => {
  dataDir = tempDataDir('audiolib-cache-patch-');
  db = await openMigrated(dataDir);
  writer = await openMigrated(dataDir);
  await seedWorks(writer, Array.from({ length: 400 }, (_, i) => makeWork(1000 + i)));
  // audio files: 0-3 tracks a work, every third work with the same tracks as mp3/ and wav/ copies
  const files = [];
  for (let id = 1000; id < 1400; id++) {
    const tracks = id % 4;
    const folders = id % 3 === 0 ? ['mp3/', 'wav/'] : [''];
    for (const folder of folders) {
      for (let t = 0; t < tracks; t++) files.push({ work_id: id, relpath: `${folder}${t}.${folder === 'wav/' ? 'wav' : 'mp3'}`, type: 'audio', size: 1000, mtime: 0, duration: 60 + t });
    }
  }
  for (let i = 0; i < files.length; i += 100) await writer('files').insert(files.slice(i, i + 100));
});
afterAll(async () => {
  await db.destroy();
  await writer.destroy();
});

/** What a server answers on `conn`: every list of the comparison, as plain values. */
async function answers(conn: Db) {
  const rc = () => readContext(conn, null); // a request each: the catalogue's version read anew
  const out: Record<string, unknown> = {};
  // first, so their totals (each filter's id list in id order) are patched by the pages' own code
  for (const [name, filter] of FILTERS) out[`first page ${name}`] = await listWorks(rc(), { filter, order: 'release', sort: 'desc', seed: 0, page: 1, pageSize: 30 });
  for (const [name, filter] of FILTERS) {
    for (const [order, sort] of name === 'library' ? ORDERS : ORDERS.slice(1, 4)) out[`${name} ${order} ${sort}`] = Array.from(await orderedWorkIds(rc(), filter, order, sort));
  }
  for (const seed of [0, 42]) {
    for (const [name, filter] of FILTERS.slice(0, 5)) {
      const page = await listWorks(rc(), { filter, order: 'random', sort: 'desc', seed, page: 2, pageSize: 30 });
      out[`random ${seed} ${name}`] = page;
    }
  }
  out['deep page'] = await listWorks(rc(), { filter: LIB, order: 'release', sort: 'desc', seed: 0, page: 1, offset: 0, pageSize: 30 });
  for (const kind of ['circles', 'tags', 'vas'] as const) out[`names ${kind}`] = await listNames(rc(), kind);
  out['genre songs'] = [...(await songCountsByTag(rc()))].sort((a, b) => a[0] - b[0]);
  return out;
}

/** Compares the server's cached answers with a fresh connection's. */
async function expectFresh() {
  const cached = await answers(db);
  const fresh = await openMigrated(dataDir);
  try {
    expect(cached).toEqual(await answers(fresh));
  } finally {
    await fresh.destroy();
  }
}

const one = (id: number, set: Record<string, unknown>) => writer('works').where({ id }).update(set);

describe('the catalogue cache after a change', () => {
  it('answers as a fresh server before any change', async () => {
    await expectFresh();
    await expectFresh(); // the second round is served from the cache
  });

  const changes: [string, () => Promise<unknown>][] = [
    ['a title', () => one(1003, { title: 'AAA 雨 Story first' })],
    ['the fields the orders read', async () => {
      await one(1010, { dl_count: 999, rate_average_2dp: 0, price: 10_000, review_count: 77, created_at: '2030-01-01T00:00:00.000Z' });
      await one(1011, { release: null });
      await one(1012, { release: '2099-01-01' });
    }],
    ['tags added and removed', async () => {
      await writer('work_tags').insert([{ work_id: 1020, tag_id: 1 }, { work_id: 1021, tag_id: 1 }]).onConflict(['work_id', 'tag_id']).ignore();
      await writer('work_tags').where({ tag_id: 1 }).whereIn('work_id', [1022, 1023, 1024, 1025]).delete();
    }],
    ['VAs added and removed', async () => {
      await writer('work_vas').insert({ work_id: 1030, va_id: vaId('Mika Tanaka') }).onConflict(['work_id', 'va_id']).ignore();
      await writer('work_vas').where({ va_id: vaId('Mika Tanaka') }).whereIn('work_id', [1031, 1032, 1033, 1034, 1035, 1036]).delete();
    }],
    ['a circle', () => writer('works').whereIn('id', [1040, 1041]).update({ circle_id: 2 })],
    ['a removal and a status', async () => {
      await one(1050, { removed_at: '2026-11-26T00:00:00.000Z', removed_reason: 'deleted' });
      await one(1051, { status: 0 });
      const hidden = await writer('works').whereNotNull('removed_at').first('id');
      await one(hidden.id, { removed_at: null, removed_reason: null, status: 3 });
    }],
    ['new works, one with a new tag', async () => {
      await seedWorks(writer, [makeWork(5000), makeWork(5001), { ...makeWork(5002), tags: [{ id: 99, name: '新しい雨' }] }]);
    }],
    ['a deleted work', async () => {
      await writer('work_tags').where({ work_id: 1060 }).delete();
      await writer('work_vas').where({ work_id: 1060 }).delete();
      await writer('works').where({ id: 1060 }).delete();
    }],
    ['several versions between two requests', async () => {
      for (let i = 0; i < 5; i++) await one(1070 + i, { title: `zz ${i} Story`, dl_count: i, release: `201${i}-01-01` });
      await one(1070, { title: '0 Story moved again' });
    }],
    ['a work\'s tracks changed, its row rewritten (as a scan does)', async () => {
      await writer('files').insert([{ work_id: 1101, relpath: 'new.mp3', type: 'audio', size: 1, mtime: 0, duration: 5 }]);
      await writer('files').where({ work_id: 1103 }).delete();
      await writer('works').whereIn('id', [1101, 1103]).update({ updated_at: '2026-11-28T00:00:00.000Z' });
    }],
    ['a circle renamed (everything rebuilt)', () => writer('circles').where({ id: 3 }).update({ name: 'AAA renamed' })],
    ['a tag renamed', () => writer('tags').where({ id: 2 }).update({ name: '耳かきとも' })],
    ['a new name without works', () => writer('tags').insert({ id: 100, name: 'unused' })],
    [`more than ${MAX_PATCHED} works in one write`, () => writer('works').where('id', '<', 1000 + MAX_PATCHED + 20).update({ dl_count: writer.raw('dl_count + 3') })],
    ['the same work twice, then back', async () => {
      await one(1080, { title: 'first' });
      await one(1080, { title: 'second' });
      await one(1081, { dl_count: 1000 });
      await one(1081, { dl_count: 0 });
    }],
  ];
  for (const [name, write] of changes) {
    it(`answers as a fresh server after ${name}`, async () => {
      await write();
      await expectFresh();
    });
  }

  it('answers as a fresh server after a write inside a transaction of many tables', async () => {
    await writer.transaction(async (trx) => {
      await trx('works').where({ id: 1090 }).update({ title: 'tx title', nsfw: true });
      await trx('work_tags').insert({ work_id: 1090, tag_id: 3 }).onConflict(['work_id', 'tag_id']).ignore();
      await trx('work_vas').where({ work_id: 1091 }).delete();
    });
    await expectFresh();
  });
});

describe('the change log', () => {
  /** What `write` logged, read as the cache reads it. */
  async function logged(write: () => Promise<unknown>) {
    const before = (await catalogueVersion(db))!;
    await write();
    const { version, change } = (await changesSince(db, 1, before))!;
    expect(version).toBe(await catalogueVersion(db));
    return change && { ids: [...change.ids].sort(), names: change.names };
  }

  it('names the works a write changed, and whether the name lists may have changed', async () => {
    expect(await logged(() => one(1100, { dl_count: 5, title: 'log' }))).toEqual({ ids: [1100], names: false });
    expect(await logged(() => writer('works').whereIn('id', [1101, 1102]).update({ price: 1 }))).toEqual({ ids: [1101, 1102], names: false });
    expect(await logged(() => one(1103, { removed_at: '2026-11-26T00:00:00.000Z' }))).toEqual({ ids: [1103], names: true });
    expect(await logged(() => one(1104, { circle_id: 5 }))).toEqual({ ids: [1104], names: true });
    await writer('work_tags').where({ work_id: 1105, tag_id: 8 }).delete();
    expect(await logged(() => writer('work_tags').insert({ work_id: 1105, tag_id: 8 }))).toEqual({ ids: [1105], names: true });
    const voiced = (await writer('work_vas').where('work_id', '>', 1105).orderBy('work_id').first('work_id')).work_id;
    expect(await logged(() => writer('work_vas').where({ work_id: voiced }).delete())).toEqual({ ids: [voiced], names: true });
    expect(await logged(() => writer('tags').insert({ id: 101, name: 'another unused' }))).toEqual({ ids: [], names: false });
    expect(await logged(() => one(1107, { title: 'no-op' }).then(() => writer('works').where({ id: -1 }).update({ title: 'none' })))).toEqual({ ids: [1107], names: false });
  });

  it('answers "everything changed" for a rename, and for a version bumped without a log row', async () => {
    expect(await logged(() => writer('vas').where({ id: vaId('Yui') }).update({ name: 'Yui 2' }))).toBeNull();
    expect(await logged(() => writer('catalogue_version').where({ id: 1 }).update({ version: writer.raw('version + 1') }))).toBeNull();
  });
});
