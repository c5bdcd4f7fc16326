/**
 * Bookmarks at /rest (src/subsonic/endpoints/bookmarks.ts, src/bookmarks) and the
 * OpenSubsonic `indexBasedQueue` extension (src/subsonic/endpoints/queue.ts), driven by
 * the `subsonic-api` client against the real server on the run's engine (SQLite, or
 * PostgreSQL under AUDIOLIB_TEST_DB=pg):
 * - createBookmark keeps one place per user and song (a second replaces the first),
 *   getBookmarks answers it with its song, deleteBookmark removes it; the web's
 *   /api/bookmarks writes the same rows; bad ids, parameters and guests get their codes;
 *   a deleted user's bookmarks go with the account;
 * - several players creating bookmarks at once all land, and one song bookmarked from
 *   eight clients at once keeps one bookmark, the position of one of them;
 * - a statement that fails inside createBookmark's transaction answers an error with
 *   nothing written, leaves no connection inside a transaction, and the writes after it land;
 * - savePlayQueueByIndex / getPlayQueueByIndex keep the current song by its place, so a
 *   queue holding one song twice resumes at the right copy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import type SubsonicAPI from 'subsonic-api';
import { hideWork } from '../../../src/works/hide.js';
import { createUser, deleteUsers, setPlayerPassword } from '../../../src/users/index.js';
import { openDb, resolveDbTarget } from '../../../src/db/index.js';
import { callApi } from '../../helpers/server.js';
import { PG_MODE } from '../../helpers/pg.js';
import { LOGIN_PASSWORD, RJ01012345, RJ265946, startSubsonicFixture, type SubsonicFixture } from './fixture.js';

let fx: SubsonicFixture;
let phone: SubsonicAPI;
const f = {} as Record<'long' | 'short' | 'prologue' | 'mimi' | 'oyasumi', number>;
const song = (workId: number, fileId: number) => `tr-${workId}-${fileId}`;
beforeAll(async () => {
  fx = await startSubsonicFixture();
  phone = fx.client('token');
  f.long = await fx.fileId(RJ265946, 'long tone 10min.mp3');
  f.short = await fx.fileId(RJ265946, 'short.mp3');
  f.prologue = await fx.fileId(RJ01012345, '01_プロローグ.mp3');
  f.mimi = await fx.fileId(RJ01012345, '02_耳かき.mp3');
  f.oyasumi = await fx.fileId(RJ01012345, '03_おやすみ.mp3');
});
afterAll(async () => { await fx?.close(); });

const ok = <T extends { status: string }>(a: T) => { expect(a, JSON.stringify(a)).toMatchObject({ status: 'ok' }); return a; };
/** A call's JSON answer by method name (for the calls the client library does not know), failed ones included. */
async function json(method: string, params: Record<string, string | string[]>, key = fx.keyParams): Promise<any> {
  const answer = await fx.raw(method, { ...key, f: 'json', ...params });
  expect(answer.status).toBe(200);
  return JSON.parse(answer.text)['subsonic-response'];
}
/** The error code of a failed call; 'ok' when it succeeded. */
const codeOf = async (method: string, params: Record<string, string | string[]>, key = fx.keyParams) => {
  const answer = await json(method, params, key);
  return answer.status === 'ok' ? 'ok' : answer.error.code;
};
/** Each of the caller's bookmarks as [song id, position ms, comment]. */
async function marksOf(api: SubsonicAPI): Promise<[string, number, string | undefined][]> {
  return (ok(await api.getBookmarks()).bookmarks.bookmark ?? []).map((b) => [b.entry.id, b.position, b.comment]);
}

describe('createBookmark, getBookmarks, deleteBookmark', () => {
  it('keep one place per song, answered with its song, and remove it', async () => {
    ok(await phone.createBookmark({ id: song(RJ265946, f.long), position: 300_500, comment: 'the middle' }));
    let [mark] = ok(await phone.getBookmarks()).bookmarks.bookmark!;
    expect(mark).toMatchObject({ position: 300_500, username: 'listener', comment: 'the middle', entry: { id: song(RJ265946, f.long), title: 'long tone 10min', albumId: `al-${RJ265946}` } });
    const created = mark!.created;
    expect(Date.parse(String(created))).toBeGreaterThan(Date.now() - 60_000);
    ok(await phone.createBookmark({ id: song(RJ265946, f.long), position: 420_000 }));
    ok(await phone.createBookmark({ id: song(RJ01012345, f.mimi), position: 1_250, comment: '耳かき' }));
    expect(await marksOf(phone)).toEqual([[song(RJ01012345, f.mimi), 1_250, '耳かき'], [song(RJ265946, f.long), 420_000, undefined]]);
    [, mark] = ok(await phone.getBookmarks()).bookmarks.bookmark!;
    expect(mark!.created).toBe(created);
    // another user sees none of them
    expect(await marksOf(fx.client('token', { user: 'admin' }))).toEqual([]);
    ok(await phone.deleteBookmark({ id: song(RJ01012345, f.mimi) }));
    expect(await marksOf(phone)).toEqual([[song(RJ265946, f.long), 420_000, undefined]]);
    expect(await codeOf('deleteBookmark', { id: song(RJ01012345, f.mimi) })).toBe(70);
  });

  it('answer in XML too', async () => {
    const { text } = await fx.raw('getBookmarks', fx.keyParams);
    expect(text).toMatch(new RegExp(`<bookmarks><bookmark position="420000" username="listener" created="[^"]+" changed="[^"]+"><entry id="${song(RJ265946, f.long)}"`));
  });

  it('are the rows of the web API: a place put at a second on the web is a bookmark in ms on the phone, and back', async () => {
    const web = await fx.srv.login('listener', LOGIN_PASSWORD);
    const put = await callApi(fx.srv, 'PUT', '/api/bookmarks', web, { work_id: RJ01012345, file_id: f.oyasumi, seconds: 42 });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(await marksOf(phone)).toContainEqual([song(RJ01012345, f.oyasumi), 42_000, undefined]);
    ok(await phone.createBookmark({ id: song(RJ01012345, f.prologue), position: 2_345, comment: 'from the phone' }));
    const listed = (await callApi(fx.srv, 'GET', `/api/bookmarks?work_id=${RJ01012345}`, web)).body.bookmarks;
    expect(listed.map((b: any) => [b.hash, b.seconds, b.comment])).toEqual([[`${RJ01012345}/${f.prologue}`, 2.345, 'from the phone'], [`${RJ01012345}/${f.oyasumi}`, 42, '']]);
  });

  it('refuse bad ids and parameters with their codes, and guests with 50, writing nothing', async () => {
    const before = await marksOf(phone);
    expect(await codeOf('createBookmark', { position: '1' })).toBe(10);
    expect(await codeOf('createBookmark', { id: song(RJ265946, f.short) })).toBe(10);
    expect(await codeOf('createBookmark', { id: `al-${RJ265946}`, position: '1' })).toBe(70);
    expect(await codeOf('createBookmark', { id: 'tr-1-1', position: '1' })).toBe(70);
    expect(await codeOf('createBookmark', { id: song(RJ265946, f.prologue), position: '1' })).toBe(70); // a file of another work
    expect(await codeOf('createBookmark', { id: song(RJ265946, f.short), position: '-5' })).toBe(0);
    expect(await codeOf('createBookmark', { id: song(RJ265946, f.short), position: 'soon' })).toBe(0);
    expect(await codeOf('createBookmark', { id: song(RJ265946, f.short), position: '1', comment: 'x'.repeat(1001) })).toBe(0);
    expect(await codeOf('deleteBookmark', {})).toBe(10);
    const guest = fx.client('token', { user: 'guest1' });
    await expect(guest.createBookmark({ id: song(RJ265946, f.short), position: 1 })).resolves.toMatchObject({ status: 'failed', error: { code: 50 } });
    await expect(guest.deleteBookmark({ id: song(RJ265946, f.long) })).resolves.toMatchObject({ status: 'failed', error: { code: 50 } });
    ok(await guest.getBookmarks());
    expect(await marksOf(phone)).toEqual(before);
  });

  it('of a hidden work are kept but not answered, and show again when it is back', async () => {
    const db = fx.srv.services.db;
    ok(await phone.createBookmark({ id: song(RJ265946, f.short), position: 9_000 }));
    await hideWork(db, RJ265946);
    try {
      expect((await marksOf(phone)).map(([id]) => id)).not.toContain(song(RJ265946, f.short));
      expect(await codeOf('createBookmark', { id: song(RJ265946, f.short), position: '1' })).toBe(70);
    } finally {
      await db('works').where({ id: RJ265946 }).update({ removed_at: null, removed_reason: null });
    }
    expect(await marksOf(phone)).toContainEqual([song(RJ265946, f.short), 9_000, undefined]);
  });

  it('go with a deleted user: an account made again under the name has none', async () => {
    const { db, secret } = fx.srv.services;
    await createUser(db, 'leaver', LOGIN_PASSWORD, 'user');
    await setPlayerPassword(db, secret, 'leaver', 'leaver-player-pw');
    const leaver = () => fx.client('token', { user: 'leaver', password: 'leaver-player-pw' });
    ok(await leaver().createBookmark({ id: song(RJ265946, f.long), position: 1_000 }));
    await deleteUsers(db, ['leaver']);
    expect(Number((await db('bookmarks').where({ user_name: 'leaver' }).count({ n: '*' }).first())!.n)).toBe(0);
    await createUser(db, 'leaver', LOGIN_PASSWORD, 'user');
    await setPlayerPassword(db, secret, 'leaver', 'leaver-player-pw');
    expect(await marksOf(leaver())).toEqual([]);
  });
});

describe('several players at once', () => {
  const PLAYERS = 8;
  const users = Array.from({ length: PLAYERS }, (_, i) => `player${i}`);
  let apis: SubsonicAPI[];
  beforeAll(async () => {
    const { db, secret } = fx.srv.services;
    for (const u of users) {
      await createUser(db, u, LOGIN_PASSWORD, 'user');
      await setPlayerPassword(db, secret, u, `${u}-player-pw`);
    }
    apis = users.map((u) => fx.client('token', { user: u, password: `${u}-player-pw` }));
  });

  it('creating bookmarks at once: every one lands, each player reads its last place of each song', async () => {
    const tracks = [song(RJ265946, f.long), song(RJ265946, f.short), song(RJ01012345, f.prologue), song(RJ01012345, f.mimi)];
    const ROUNDS = 5;
    const answers = await Promise.all(apis.map(async (api, p) => {
      const statuses: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const results = await Promise.all(tracks.map((id, t) => api.createBookmark({ id, position: p * 100_000 + round * 1_000 + t, comment: `${users[p]} round ${round}` })));
        statuses.push(...results.map((r) => r.status));
      }
      return statuses;
    }));
    expect(answers.flat().filter((s) => s !== 'ok')).toEqual([]);
    const read = await Promise.all(apis.map((api) => marksOf(api)));
    read.forEach((marks, p) => {
      expect(marks.sort()).toEqual(tracks.map((id, t) => [id, p * 100_000 + (ROUNDS - 1) * 1_000 + t, `${users[p]} round ${ROUNDS - 1}`]).sort());
    });
  });

  it('one song from eight clients of one user at once: one bookmark, with one of their places', async () => {
    const clients = Array.from({ length: 8 }, (_, i) => fx.client(i % 2 ? 'apiKey' : 'token'));
    const id = song(RJ01012345, f.oyasumi);
    const positions = clients.map((_, i) => 10_000 + i);
    const answers = await Promise.all(clients.map((api, i) => api.createBookmark({ id, position: positions[i]!, comment: `client ${i}` })));
    expect(answers.map((a) => a.status)).toEqual(clients.map(() => 'ok'));
    const mine = (await marksOf(phone)).filter(([s]) => s === id);
    expect(mine).toHaveLength(1);
    const i = positions.indexOf(mine[0]![1]);
    expect(i).toBeGreaterThanOrEqual(0);
    expect(mine[0]![2]).toBe(`client ${i}`);
  });
});

describe('a statement that fails inside createBookmark', () => {
  let other: Knex;
  beforeAll(async () => {
    // a trigger made for the test: a bookmark whose comment is 'fail-here' raises when
    // written, after the transaction's first statements (the visibility and file checks)
    other = openDb(resolveDbTarget(fx.srv.dataDir));
    if (PG_MODE) {
      await other.raw(`CREATE FUNCTION injected_fault_bookmarks() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.comment = 'fail-here' THEN RAISE EXCEPTION 'injected'; END IF; RETURN NEW; END $$`);
      await other.raw('CREATE TRIGGER injected_fault BEFORE INSERT OR UPDATE ON bookmarks FOR EACH ROW EXECUTE FUNCTION injected_fault_bookmarks()');
    } else {
      for (const event of ['INSERT', 'UPDATE']) await other.raw(`CREATE TRIGGER injected_fault_${event} BEFORE ${event} ON bookmarks WHEN NEW.comment = 'fail-here' BEGIN SELECT RAISE(ABORT, 'injected'); END`);
    }
  });
  afterAll(async () => { await other?.destroy(); });

  it('answers an error and writes nothing, alone and among good writes at once; the next writes land and every connection sees them', async () => {
    const id = song(RJ265946, f.long);
    ok(await phone.createBookmark({ id, position: 5_000, comment: 'kept' }));
    const failed = await phone.createBookmark({ id, position: 6_000, comment: 'fail-here' });
    expect(failed).toMatchObject({ status: 'failed', error: { code: 0 } });
    expect(JSON.stringify(failed)).not.toMatch(/\/tmp|\.sqlite3/);
    const admin = fx.client('token', { user: 'admin' });
    const burst = await Promise.all([
      phone.createBookmark({ id, position: 7_000, comment: 'fail-here' }),
      phone.createBookmark({ id: song(RJ265946, f.short), position: 7_000, comment: 'fail-here' }),
      ...[f.prologue, f.mimi, f.oyasumi].map((file, i) => admin.createBookmark({ id: song(RJ01012345, file), position: 100 + i, comment: 'beside' })),
      phone.createBookmark({ id: song(RJ01012345, f.prologue), position: 8_000, comment: 'beside' }),
    ]);
    expect(burst.map((a) => a.status)).toEqual(['failed', 'failed', 'ok', 'ok', 'ok', 'ok']);
    const mine = await marksOf(phone);
    expect(mine).toContainEqual([id, 5_000, 'kept']);
    expect(mine).toContainEqual([song(RJ01012345, f.prologue), 8_000, 'beside']);
    expect(mine.filter(([s]) => s === song(RJ265946, f.short)).every(([, , c]) => c !== 'fail-here')).toBe(true);
    // no pooled connection is left inside a transaction: another connection writes, and every read sees it
    await other('bookmarks').where({ user_name: 'listener', work_id: RJ265946, file_id: f.long }).update({ position_ms: 5_500 });
    const reads = await Promise.all(Array.from({ length: 8 }, () => marksOf(phone)));
    for (const read of reads) expect(read).toContainEqual([id, 5_500, 'kept']);
    // the next writes, one after another and at once, land
    for (let n = 0; n < 10; n++) ok(await phone.createBookmark({ id, position: 20_000 + n }));
    const together = await Promise.all(Array.from({ length: 10 }, (_, n) => phone.createBookmark({ id: song(RJ265946, f.short), position: 30_000 + n })));
    expect(together.every((a) => a.status === 'ok')).toBe(true);
    const after = await marksOf(phone);
    expect(after).toContainEqual([id, 20_009, undefined]);
    expect(after.find(([s]) => s === song(RJ265946, f.short))![1]).toBeGreaterThanOrEqual(30_000);
  });
});

describe('indexBasedQueue', () => {
  it('is advertised', async () => {
    const { openSubsonicExtensions } = await phone.getOpenSubsonicExtensions();
    expect(openSubsonicExtensions).toContainEqual({ name: 'indexBasedQueue', versions: [1] });
  });

  it('savePlayQueueByIndex keeps the current copy of a song queued twice; getPlayQueueByIndex answers it', async () => {
    const [a, b] = [song(RJ01012345, f.prologue), song(RJ01012345, f.mimi)];
    expect(await codeOf('savePlayQueueByIndex', { id: [a, b, a], currentIndex: '2', position: '1500' })).toBe('ok');
    const queue = (await json('getPlayQueueByIndex', {})).playQueueByIndex;
    expect(queue).toMatchObject({ currentIndex: 2, position: 1500, username: 'listener', changedBy: 'audiolib' });
    expect(queue.entry.map((e: { id: string }) => e.id)).toEqual([a, b, a]);
    expect(ok(await phone.getPlayQueue()).playQueue).toMatchObject({ current: a, position: 1500 });
    // the web player resumes at the third item
    const web = await fx.srv.login('listener', LOGIN_PASSWORD);
    const work = (await callApi(fx.srv, 'GET', `/api/work/${RJ01012345}`, web)).body;
    expect(work.state).toMatchObject({ index: 2, seconds: 1.5 });
  });

  it('a queue saved by the web player (or savePlayQueue) reads back by index', async () => {
    ok(await phone.savePlayQueue({ id: [song(RJ265946, f.short), song(RJ265946, f.long)], current: song(RJ265946, f.long), position: 61_000 }));
    expect((await json('getPlayQueueByIndex', {})).playQueueByIndex).toMatchObject({ currentIndex: 1, position: 61_000 });
  });

  it('refuses a missing or outside currentIndex and guests, writing nothing; without ids nothing is written', async () => {
    const before = (await json('getPlayQueueByIndex', {})).playQueueByIndex;
    const a = song(RJ01012345, f.oyasumi);
    expect(await codeOf('savePlayQueueByIndex', { id: [a] })).toBe(10);
    expect(await codeOf('savePlayQueueByIndex', { id: [a], currentIndex: '1' })).toBe(0);
    expect(await codeOf('savePlayQueueByIndex', { id: [a], currentIndex: '-1' })).toBe(0);
    expect(await codeOf('savePlayQueueByIndex', { id: [a, 'tr-1-1'], currentIndex: '0' })).toBe(70);
    expect(await codeOf('savePlayQueueByIndex', {})).toBe('ok');
    const guest = fx.client('token', { user: 'guest1' });
    expect((await guest.customJSON<any>('savePlayQueueByIndex', { id: [a], currentIndex: 0 })).error.code).toBe(50);
    expect((await json('getPlayQueueByIndex', {})).playQueueByIndex).toEqual(before);
  });

  it('answers no queue to a user without history', async () => {
    const admin = fx.client('token', { user: 'admin' });
    const answer = await admin.customJSON<any>('getPlayQueueByIndex', {});
    expect(answer.status).toBe('ok');
    expect(answer.playQueueByIndex).toBeUndefined();
  });
});
