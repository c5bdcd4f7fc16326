/**
 * Coded answers (src/model/messages.ts, src/server/middleware/errors.ts): every answer
 * that says something to a person keeps its English `message` or `error` and carries the
 * catalogue `code` (and `params` when the text has some) beside it, so the web can say
 * it in the UI's language. Through the real server over the scanned fixture library.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RJ01012345, startLyricFixture, type LyricFixture } from './lyric-fixture.js';

let f: LyricFixture;
beforeAll(async () => { f = await startLyricFixture(); });
afterAll(() => f.srv.close());

describe('answers carry their message code', () => {
  it('review writes: review, rating and progress saved, review deleted', async () => {
    const review = { user_name: 'listener', work_id: RJ01012345, rating: 4, review_text: 'nice', progress: 'listening' };
    expect(await f.call(f.tokens.user, 'PUT', '/api/review?starOnly=false', review)).toEqual({ status: 200, body: { message: 'review saved', code: 'review.saved' } });
    expect(await f.call(f.tokens.user, 'PUT', '/api/review?starOnly=true', { work_id: RJ01012345, rating: 5 })).toEqual({ status: 200, body: { message: 'rating saved', code: 'review.ratingSaved' } });
    expect(await f.call(f.tokens.user, 'PUT', '/api/review?progressOnly=true', { work_id: RJ01012345, progress: 'listened' })).toEqual({ status: 200, body: { message: 'progress saved', code: 'review.progressSaved' } });
    expect(await f.call(f.tokens.user, 'DELETE', `/api/review?work_id=${RJ01012345}`)).toEqual({ status: 200, body: { message: 'review deleted', code: 'review.deleted' } });
  });

  it('counts go in params: lyric tasks created for a folder', async () => {
    const res = await f.call(f.tokens.user, 'POST', '/api/lyric/translate/folder', { work_id: RJ01012345, folder: '' });
    expect(res.status).toBe(200);
    const count = res.body.created as number;
    expect(count).toBeGreaterThan(1);
    expect(res.body).toMatchObject({ message: `${count} lyric tasks created`, code: 'lyric.tasksCreated', params: { count } });
  });
});

describe('refusals carry their error code', () => {
  it('a wrong sign-in, an unknown work, a guest writing', async () => {
    expect(await f.call(null, 'POST', '/api/auth/me', { name: 'listener', password: 'wrong-password' })).toEqual({ status: 401, body: { error: 'wrong user name or password', code: 'auth.wrongCredentials' } });
    expect(await f.call(f.tokens.user, 'GET', '/api/work/999999')).toEqual({ status: 404, body: { error: 'work not found', code: 'work.notFound' } });
    expect(await f.call(f.tokens.guest, 'PUT', '/api/review', { work_id: RJ01012345, rating: 3 })).toEqual({ status: 403, body: { error: 'guests cannot make changes', code: 'auth.guestReadOnly' } });
  });

  it('validation: 400 names the field in params, 422 keeps errors[0].msg as the error', async () => {
    expect(await f.call(f.tokens.user, 'PUT', '/api/review', { work_id: RJ01012345, rating: 9 })).toEqual({
      status: 400,
      body: { error: 'rating: rating must be 1 to 5', code: 'input.fieldRule', params: { field: 'rating', reason: 'rating must be 1 to 5' } },
    });
    const short = await f.call(f.tokens.admin, 'POST', '/api/credentials/user', { name: 'abc', password: 'long-enough', group: 'user' });
    expect(short).toEqual({ status: 422, body: { error: 'username length at least 5', code: 'input.rule', params: { reason: 'username length at least 5' }, errors: [{ msg: 'username length at least 5' }] } });
    const taken = await f.call(f.tokens.admin, 'POST', '/api/credentials/user', { name: 'listener', password: 'long-enough', group: 'user' });
    expect(taken).toEqual({ status: 422, body: { error: 'name already exists, usernames must not repeat', code: 'user.nameTaken', errors: [{ msg: 'name already exists, usernames must not repeat' }] } });
  });

  it("the transport's own refusals: an unknown /api/ path, a body that is not JSON", async () => {
    expect(await f.call(f.tokens.user, 'GET', '/api/no-such-call')).toEqual({ status: 404, body: { error: 'not found', code: 'api.notFound' } });
    const res = await fetch(`${f.srv.url}/api/review`, { method: 'PUT', headers: { authorization: `Bearer ${f.tokens.user}`, 'content-type': 'application/json' }, body: '{not json' });
    expect(res.status).toBe(400);
    const body = await res.json() as { error: string; code: string; params: { reason: string } };
    expect(body).toEqual({ error: body.params.reason, code: 'request.bad', params: { reason: expect.any(String) } });
  });
});

describe("the validator's issues are coded by kind, not passed on in its English", () => {
  it('a work id that is no number, a page below 1', async () => {
    expect(await f.call(f.tokens.user, 'GET', '/api/work/abc')).toEqual({
      status: 400, body: { error: 'id: expected number', code: 'input.wrongType', params: { field: 'id', expected: 'number' } },
    });
  });

  it("a setting out of range: the admin's settings form", async () => {
    const { config } = (await f.call(f.tokens.admin, 'GET', '/api/config/admin')).body;
    const res = await f.call(f.tokens.admin, 'PUT', '/api/config/admin', { config: { ...config, pageSize: 0 } });
    expect(res).toEqual({ status: 400, body: { error: 'pageSize: must be at least 1', code: 'input.tooSmall', params: { field: 'pageSize', minimum: '1' }, key: 'pageSize' } });
  });
});
