/**
 * The bookmarks API (src/api/bookmarks.ts, src/server/routes/bookmarks, src/bookmarks)
 * through the shared client's typed calls against the real server on the run's engine:
 * put at a second, list in play order, replace, delete; the caller's own only; bad input
 * answers 400 and an unknown or hidden track 404 with its code, nothing written; guests
 * and callers without a token are refused; listeners putting bookmarks at once all land;
 * a statement failing inside the put's transaction answers an error and leaves the
 * earlier bookmark, and the next puts land.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, ApiError, memoryToken } from '../../src/api/client.js';
import { deleteBookmark, getWorkBookmarks, putBookmark } from '../../src/api/bookmarks.js';
import { hideWork } from '../../src/works/hide.js';
import { createUser } from '../../src/users/index.js';
import { PG_MODE } from '../helpers/pg.js';
import { startMediaFixture, type MediaFixture } from './media-fixture.js';

const RJ01012345 = 1012345;
const RJ265946 = 265946;
const PASSWORD = 'password-123';

let fx: MediaFixture;
let alice: ApiClient;
let bob: ApiClient;
const f = {} as Record<'prologue' | 'mimi' | 'oyasumi' | 'long' | 'short', number>;
const clientOf = async (name: string) => new ApiClient({ baseUrl: fx.srv.url, token: memoryToken(await fx.srv.login(name, PASSWORD)) });
beforeAll(async () => {
  fx = await startMediaFixture();
  const db = fx.srv.services.db;
  await createUser(db, 'alice', PASSWORD, 'user');
  await createUser(db, 'bobby', PASSWORD, 'user');
  await createUser(db, 'guest2', PASSWORD, 'guest');
  [alice, bob] = [await clientOf('alice'), await clientOf('bobby')];
  f.prologue = await fx.fileId(RJ01012345, '01_プロローグ.mp3');
  f.mimi = await fx.fileId(RJ01012345, '02_耳かき.mp3');
  f.oyasumi = await fx.fileId(RJ01012345, '03_おやすみ.mp3');
  f.long = await fx.fileId(RJ265946, 'long tone 10min.mp3');
  f.short = await fx.fileId(RJ265946, 'short.mp3');
});
afterAll(async () => { await fx?.close(); });

/** A work's bookmarks as [title, seconds, comment]. */
const listed = async (client: ApiClient, workId: number) => (await getWorkBookmarks(client, workId)).bookmarks.map((b) => [b.title, b.seconds, b.comment]);
/** The status and code of a refused call. */
async function refusal(call: Promise<unknown>): Promise<[number, string | undefined]> {
  const err = await call.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  return [(err as ApiError).status, ((err as ApiError).body as { code?: string })?.code];
}

describe('/api/bookmarks', () => {
  it('puts a place at a second, lists a work’s in play order, replaces and deletes', async () => {
    const saved = await putBookmark(alice, { work_id: RJ01012345, file_id: f.oyasumi, seconds: 75 });
    expect(saved).toMatchObject({ message: 'bookmark saved', code: 'bookmark.saved', bookmark: { hash: `${RJ01012345}/${f.oyasumi}`, title: '03_おやすみ.mp3', seconds: 75, comment: '' } });
    await putBookmark(alice, { work_id: RJ01012345, file_id: f.prologue, seconds: 3, comment: '雨の音' });
    expect(await listed(alice, RJ01012345)).toEqual([['01_プロローグ.mp3', 3, '雨の音'], ['03_おやすみ.mp3', 75, '']]);
    await putBookmark(alice, { work_id: RJ01012345, file_id: f.oyasumi, seconds: 80.5 });
    expect(await listed(alice, RJ01012345)).toEqual([['01_プロローグ.mp3', 3, '雨の音'], ['03_おやすみ.mp3', 80.5, '']]);
    expect(await listed(bob, RJ01012345)).toEqual([]);
    expect(await listed(alice, RJ265946)).toEqual([]);
    expect(await deleteBookmark(alice, RJ01012345, f.prologue)).toMatchObject({ code: 'bookmark.deleted' });
    expect(await listed(alice, RJ01012345)).toEqual([['03_おやすみ.mp3', 80.5, '']]);
    expect(await refusal(deleteBookmark(alice, RJ01012345, f.prologue))).toEqual([404, 'bookmark.notFound']);
  });

  it('refuses bad input with 400, unknown tracks with 404, guests with 403 and no token with 401, writing nothing', async () => {
    const before = await listed(alice, RJ01012345);
    const bad = [
      { work_id: RJ01012345, file_id: f.mimi, seconds: -1 },
      { work_id: RJ01012345, file_id: f.mimi, seconds: 8 * 24 * 3600 },
      { work_id: RJ01012345, file_id: f.mimi, seconds: '12' },
      { work_id: RJ01012345, file_id: f.mimi },
      { work_id: RJ01012345, file_id: f.mimi, seconds: 1, comment: 'x'.repeat(1001) },
      { work_id: 'RJ01012345', file_id: f.mimi, seconds: 1 },
      { work_id: RJ01012345, file_id: f.mimi, seconds: 1, comment: 'a\0b' },
    ];
    for (const body of bad) expect((await refusal(alice.put('/api/bookmarks', body)))[0], JSON.stringify(body)).toBe(400);
    expect(await refusal(putBookmark(alice, { work_id: RJ01012345, file_id: f.long, seconds: 1 }))).toEqual([404, 'bookmark.trackNotFound']);
    expect(await refusal(putBookmark(alice, { work_id: 99999999, file_id: f.mimi, seconds: 1 }))).toEqual([404, 'work.idNotFound']);
    expect(await refusal(getWorkBookmarks(alice, 99999999))).toEqual([404, 'work.idNotFound']);
    const guest = await clientOf('guest2');
    expect((await refusal(putBookmark(guest, { work_id: RJ01012345, file_id: f.mimi, seconds: 1 })))[0]).toBe(403);
    expect((await refusal(deleteBookmark(guest, RJ01012345, f.oyasumi)))[0]).toBe(403);
    expect(await listed(guest, RJ01012345)).toEqual([]);
    const anonymous = new ApiClient({ baseUrl: fx.srv.url });
    expect((await refusal(putBookmark(anonymous, { work_id: RJ01012345, file_id: f.mimi, seconds: 1 })))[0]).toBe(401);
    expect(await listed(alice, RJ01012345)).toEqual(before);
  });

  it('of a hidden work: 404 until it is back, the bookmarks kept', async () => {
    await putBookmark(alice, { work_id: RJ265946, file_id: f.short, seconds: 2 });
    const db = fx.srv.services.db;
    await hideWork(db, RJ265946);
    try {
      expect(await refusal(getWorkBookmarks(alice, RJ265946))).toEqual([404, 'work.idNotFound']);
    } finally {
      await db('works').where({ id: RJ265946 }).update({ removed_at: null, removed_reason: null });
    }
    expect(await listed(alice, RJ265946)).toEqual([['short.mp3', 2, '']]);
  });

  it('listeners putting bookmarks at once: every put lands, each reads its last place of each track', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `listener${i}`);
    for (const n of names) await createUser(fx.srv.services.db, n, PASSWORD, 'user');
    const clients = await Promise.all(names.map(clientOf));
    const tracks = [f.prologue, f.mimi, f.oyasumi];
    const failures: string[] = [];
    await Promise.all(clients.map(async (c, i) => {
      for (let round = 0; round < 5; round++) {
        await Promise.all(tracks.map((file, t) => putBookmark(c, { work_id: RJ01012345, file_id: file, seconds: i * 100 + round * 10 + t }).catch((e: Error) => failures.push(e.message))));
      }
    }));
    expect(failures).toEqual([]);
    for (const [i, c] of clients.entries()) {
      expect((await getWorkBookmarks(c, RJ01012345)).bookmarks.map((b) => b.seconds)).toEqual(tracks.map((_, t) => i * 100 + 40 + t));
    }
    // one listener's one track from eight tabs at once: one bookmark, one of their places
    const seconds = await Promise.all(Array.from({ length: 8 }, (_, n) => putBookmark(bob, { work_id: RJ265946, file_id: f.long, seconds: 300 + n }).then((a) => a.bookmark.seconds)));
    const [only, ...rest] = (await getWorkBookmarks(bob, RJ265946)).bookmarks;
    expect(rest).toEqual([]);
    expect(seconds).toContain(only!.seconds);
  });

  it('a statement failing inside the put’s transaction answers an error, keeps the earlier bookmark, and the next puts land', async () => {
    const db = fx.srv.services.db;
    // a trigger made for the test: a bookmark whose comment is 'fail-here' raises after the track checks
    if (PG_MODE) {
      await db.raw(`CREATE FUNCTION api_fault_bookmarks() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.comment = 'fail-here' THEN RAISE EXCEPTION 'injected'; END IF; RETURN NEW; END $$`);
      await db.raw('CREATE TRIGGER api_fault BEFORE INSERT OR UPDATE ON bookmarks FOR EACH ROW EXECUTE FUNCTION api_fault_bookmarks()');
    } else {
      for (const event of ['INSERT', 'UPDATE']) await db.raw(`CREATE TRIGGER api_fault_${event} BEFORE ${event} ON bookmarks WHEN NEW.comment = 'fail-here' BEGIN SELECT RAISE(ABORT, 'injected'); END`);
    }
    await putBookmark(alice, { work_id: RJ01012345, file_id: f.mimi, seconds: 10, comment: 'kept' });
    const answers = await Promise.all([
      putBookmark(alice, { work_id: RJ01012345, file_id: f.mimi, seconds: 20, comment: 'fail-here' }).then(() => 200, (e: ApiError) => e.status),
      putBookmark(alice, { work_id: RJ01012345, file_id: f.prologue, seconds: 20, comment: 'fail-here' }).then(() => 200, (e: ApiError) => e.status),
      putBookmark(bob, { work_id: RJ01012345, file_id: f.mimi, seconds: 30 }).then(() => 200, (e: ApiError) => e.status),
    ]);
    expect(answers[0]).toBeGreaterThanOrEqual(400);
    expect(answers[1]).toBeGreaterThanOrEqual(400);
    expect(answers[2]).toBe(200);
    const after = await getWorkBookmarks(alice, RJ01012345);
    expect(after.bookmarks.find((b) => b.file_id === f.mimi)).toMatchObject({ seconds: 10, comment: 'kept' });
    expect(after.bookmarks.find((b) => b.file_id === f.prologue)).toBeUndefined();
    for (let n = 0; n < 10; n++) await putBookmark(alice, { work_id: RJ01012345, file_id: f.mimi, seconds: 40 + n });
    await Promise.all(Array.from({ length: 10 }, (_, n) => putBookmark(bob, { work_id: RJ01012345, file_id: f.prologue, seconds: 60 + n })));
    expect((await getWorkBookmarks(alice, RJ01012345)).bookmarks.find((b) => b.file_id === f.mimi)).toMatchObject({ seconds: 49, comment: '' });
    expect((await getWorkBookmarks(bob, RJ01012345)).bookmarks.find((b) => b.file_id === f.prologue)!.seconds).toBeGreaterThanOrEqual(60);
  });
});
