/**
 * Several people using one server at once (README "What a library is safe from",
 * src/db/README.md), on the real engine of the run (SQLite, or PostgreSQL under
 * AUDIOLIB_TEST_DB=pg), through the real server on an ephemeral port:
 *
 * - eight listeners save play history (PUT /api/histroy), reviews (PUT /api/review, rating
 *   and text) and stars (the players' `star` / `unstar` at /rest) over and over at once,
 *   while `audiolib scan` adds 600 works from another process: every answer is a success,
 *   and afterwards every read through the API (repeated, concurrent) shows each listener's
 *   last write;
 * - a statement that fails inside a transaction (a trigger made for the test raises on one
 *   value, after the transaction's first statement, the visibility check, has run), alone
 *   or among good writes sent at once, answers an error without hanging and leaves no
 *   connection inside a transaction: a write made by another connection afterwards reads
 *   back on every pooled connection, and the next 100 writes (sequential, then
 *   concurrent) succeed and read back. On SQLite the same after writes that waited longer
 *   than busy_timeout for the write lock another connection held;
 * - `audiolib user passwd`, `user add`, `user delete` and `config set` run by the CLI
 *   while `audiolib serve` runs (another process, after listeners have been saving at
 *   once) are seen at the next request: the old password and its tokens refused, the new
 *   password and the new user signing in, the deleted user's token refused.
 *
 * The CLI runs from dist/ (`npm run build:server` first).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { libraryDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server.js';
import { PG_MODE } from '../helpers/pg.js';
import { bigLibrary } from '../unit/library/helpers.js';
import { runCli, startServe, type RunningServe } from '../cli/run.js';
import { openDb, resolveDbTarget } from '../../src/db/index.js';

/** The works of the fixture library (all scanned into the library). */
const WORKS = [173248, 189758, 265946, 299717, 1012345];
/** Work folders the scan in another process adds: enough that it runs through the burst. */
const SCANNED_WORKS = 600;
/** Listeners writing at once. */
const LISTENERS = 8;
/** Rounds each listener writes at least (more while the scan still runs). */
const MIN_ROUNDS = 10;
/** A request not answered within this is a hang, reported as status 0. */
const ANSWER_MS = 30_000;
const LISTENER_PASSWORD = 'listener-pw-1';

interface Answer { status: number; body: any; retryAfter?: string | null }

/** One API call with a bearer token and JSON body; status 0 with the reason when no answer came within ANSWER_MS. */
async function call(base: string, method: string, urlPath: string, token?: string | null, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`${base}${urlPath}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(ANSWER_MS) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: res.status, body: parsed, retryAfter: res.headers.get('retry-after') };
  } catch (err) {
    return { status: 0, body: `no answer: ${(err as Error).message}` };
  }
}

/**
 * A players' call at /rest signed in with `apiKey`. Subsonic answers its errors with HTTP
 * 200 and status "failed", so such an answer is given status 500 here, its error as body.
 */
async function rest(base: string, method: string, apiKey: string, params: Record<string, string> = {}): Promise<Answer> {
  const query = new URLSearchParams({ ...params, apiKey, c: 'test', v: '1.16.1', f: 'json' });
  const answer = await call(base, 'GET', `/rest/${method}?${query}`);
  const inner = answer.body?.['subsonic-response'];
  if (answer.status === 200 && inner?.status !== 'ok') return { status: 500, body: inner?.error ?? answer.body };
  return { status: answer.status, body: inner ?? answer.body };
}

interface Listener { name: string; token: string; apiKey: string }

/** `count` accounts of group user added through the admin API, each signed in, with an API key for /rest. */
async function addListeners(base: string, adminToken: string, prefix: string, count: number): Promise<Listener[]> {
  const listeners: Listener[] = [];
  for (let i = 0; i < count; i++) {
    const name = `${prefix}${i}`;
    expect((await call(base, 'POST', '/api/credentials/user', adminToken, { name, password: LISTENER_PASSWORD, group: 'user' })).status).toBe(200);
    const login = await call(base, 'POST', '/api/auth/me', null, { name, password: LISTENER_PASSWORD });
    expect(login.status).toBe(200);
    const key = await call(base, 'POST', '/api/player-access/keys', login.body.token, { name: 'phone' });
    expect(key.status).toBe(201);
    listeners.push({ name, token: login.body.token, apiKey: key.body.key });
  }
  return listeners;
}

/** What a listener last wrote, successfully, per kind: history state and review per work, starred works. */
interface Written {
  history: Map<number, unknown>;
  reviews: Map<number, { userRating: number; review_text: string }>;
  stars: Set<number>;
}
const nothingWritten = (): Written => ({ history: new Map(), reviews: new Map(), stars: new Set() });

/** One failed write: who, what, and the answer. */
interface Failure { who: string; what: string; status: number; error: string }

/** The three kinds of write a listener makes. */
const KINDS = ['history', 'review', 'star'] as const;
type Kind = (typeof KINDS)[number];

/**
 * One write of listener `l` (number `i`) in round `round`: a history state, a review
 * (rating and text) or a star / unstar (whichever changes the work's star), each kind of
 * another work. A success is recorded in `written` (what the reads must show); a failure
 * in `failures`.
 */
async function writeOne(base: string, l: Listener, i: number, round: number, kind: Kind, written: Written, failures: Failure[]): Promise<void> {
  const check = (what: string, answer: Answer, onSuccess: () => void) => {
    if (answer.status >= 200 && answer.status < 300) onSuccess();
    else failures.push({ who: l.name, what, status: answer.status, error: typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body?.error ?? answer.body) });
  };
  if (kind === 'history') {
    const work = WORKS[(round + i) % WORKS.length]!;
    const state = { queue: [{ hash: `${work}/1`, title: `${l.name} round ${round}` }, { hash: `${work}/2`, title: 'second' }], index: round % 2, seconds: round + i / 10 };
    check(`history ${work}`, await call(base, 'PUT', '/api/histroy', l.token, { work_id: work, state }), () => written.history.set(work, state));
  } else if (kind === 'review') {
    const work = WORKS[(round + 2 * i) % WORKS.length]!;
    const review = { userRating: (round % 5) + 1, review_text: `${l.name} round ${round}` };
    const answer = await call(base, 'PUT', '/api/review?starOnly=false', l.token, { user_name: l.name, work_id: work, rating: review.userRating, review_text: review.review_text });
    check(`review ${work}`, answer, () => written.reviews.set(work, review));
  } else {
    const work = WORKS[(round + 3 * i) % WORKS.length]!;
    const starring = !written.stars.has(work);
    const answer = await rest(base, starring ? 'star' : 'unstar', l.apiKey, { id: `al-${work}` });
    check(`${starring ? 'star' : 'unstar'} ${work}`, answer, () => (starring ? written.stars.add(work) : written.stars.delete(work)));
  }
}

/** The three writes of listener `l` in round `round`, sent at once (each kind to its own table). */
const writeRound = (base: string, l: Listener, i: number, round: number, written: Written, failures: Failure[]) =>
  Promise.all(KINDS.map((kind) => writeOne(base, l, i, round, kind, written, failures)));

/** The failures summed by kind of error (what an assertion prints): {count, errors: {"status error": n}}. */
function summary(failures: Failure[]): { count: number; errors: Record<string, number> } {
  const errors: Record<string, number> = {};
  for (const f of failures) {
    const key = `${f.status} ${f.error}`.slice(0, 200);
    errors[key] = (errors[key] ?? 0) + 1;
  }
  return { count: failures.length, errors };
}

/** What the API shows of listener `l`'s history, reviews and stars, in the shapes of Written. */
async function readBack(base: string, l: Listener) {
  const [history, reviews, starred] = await Promise.all([
    call(base, 'GET', '/api/histroy?page=1', l.token),
    call(base, 'GET', '/api/review?page=1', l.token),
    rest(base, 'getStarred2', l.apiKey),
  ]);
  return {
    statuses: [history.status, reviews.status, starred.status],
    history: Object.fromEntries(((history.body?.works ?? []) as { id: number; state: unknown }[]).map((w) => [w.id, w.state])),
    reviews: Object.fromEntries(((reviews.body?.works ?? []) as { id: number; userRating: number; review_text: string }[]).map((w) => [w.id, { userRating: w.userRating, review_text: w.review_text }])),
    stars: ((starred.body?.starred2?.album ?? []) as { id: string }[]).map((a) => Number(a.id.replace('al-', ''))).sort((a, b) => a - b),
  };
}

/** Written in readBack's shapes. */
const expected = (w: Written) => ({
  statuses: [200, 200, 200],
  history: Object.fromEntries([...w.history].map(([id, s]) => [id, s])),
  reviews: Object.fromEntries([...w.reviews].map(([id, r]) => [id, r])),
  stars: [...w.stars].sort((a, b) => a - b),
});

/**
 * A server on a fresh data directory whose library (a copy of the fixture library,
 * folder `library`) was scanned by the CLI, with `count` listeners. Answers the server,
 * the library folder, the admin's token and the listeners.
 */
async function libraryServer(count: number, prefix: string) {
  const dataDir = tempDataDir('audiolib-concurrent-');
  const library = path.join(tempDataDir('audiolib-concurrent-lib-', 'none'), 'library');
  fs.cpSync(libraryDir, library, { recursive: true, preserveTimestamps: true });
  const scanned = await runCli(['--data-dir', dataDir, 'scan', '--no-fetch', '--json', library]);
  expect(scanned.code, scanned.stderr).toBe(0);
  expect(JSON.parse(scanned.stdout)).toMatchObject({ added: WORKS.length, failed: 0 });
  const srv = await startTestServer({ dataDir });
  const adminToken = await srv.login();
  return { srv, library, adminToken, listeners: await addListeners(srv.url, adminToken, prefix, count) };
}

/** A connection pool of the test's own on the server's database: writes from elsewhere, as another process makes them. */
const otherConnection = (dataDir: string): Knex => openDb(resolveDbTarget(dataDir));

describe('listeners writing at once while a scan runs in another process', () => {
  let srv: TestServer | undefined;
  afterAll(async () => { await srv?.close(); });

  it('answers every write with a success, and every read shows each listener’s last write', async () => {
    const setup = await libraryServer(LISTENERS, 'listener');
    srv = setup.srv;
    // new work folders for the scan in another process to add while the listeners write
    const generated = bigLibrary(SCANNED_WORKS);
    for (const folder of fs.readdirSync(generated)) fs.renameSync(path.join(generated, folder), path.join(setup.library, folder));

    let scanning = true;
    const scan = runCli(['--data-dir', srv.dataDir, 'scan', '--no-fetch', '--json', setup.library]).finally(() => { scanning = false; });
    const written = setup.listeners.map(nothingWritten);
    const failures: Failure[] = [];
    let writesDuringScan = 0;
    const started = Date.now();
    await Promise.all(setup.listeners.map(async (l, i) => {
      // each listener's rounds follow one another (so its last write is known); the listeners' rounds overlap
      for (let round = 0; round < MIN_ROUNDS || (scanning && Date.now() - started < 120_000); round++) {
        await writeRound(srv!.url, l, i, round, written[i]!, failures);
        if (scanning) writesDuringScan += 3;
      }
    }));
    const scanned = await scan;

    expect.soft(summary(failures), 'failed writes').toEqual({ count: 0, errors: {} });
    expect.soft(scanned.code, `the scan in another process: ${scanned.stderr}`).toBe(0);
    if (scanned.code === 0) expect.soft(JSON.parse(scanned.stdout)).toMatchObject({ added: SCANNED_WORKS, failed: 0 });
    // the writes overlapped the scan, not only its start or its end
    expect.soft(writesDuringScan).toBeGreaterThanOrEqual(LISTENERS * 3 * 3);

    // every read, twice and all listeners at once (every pooled connection), shows the last writes
    for (let pass = 0; pass < 2; pass++) {
      const reads = await Promise.all(setup.listeners.map((l) => readBack(srv!.url, l)));
      setup.listeners.forEach((l, i) => expect.soft(reads[i], `${l.name}'s reads, pass ${pass + 1}`).toEqual(expected(written[i]!)));
    }
    // and the server still writes: one more round each, listener after listener
    for (const [i, l] of setup.listeners.entries()) {
      const after: Failure[] = [];
      await writeRound(srv.url, l, i, 1000, written[i]!, after);
      expect.soft(summary(after), `${l.name}'s writes after the burst`).toEqual({ count: 0, errors: {} });
    }
  }, 240_000);
});

describe('a statement that fails inside a transaction', () => {
  let srv: TestServer | undefined;
  let other: Knex | undefined;
  afterEach(async () => {
    await other?.destroy();
    await srv?.close();
    other = srv = undefined;
  });

  /**
   * Triggers made for the test in the server's database: a review whose text is
   * 'fail-here', or a history state holding 'fail-here', raises 'injected' when written
   * (insert or update): the statement fails after the transaction's visibility check.
   */
  async function injectFault(db: Knex): Promise<void> {
    if (PG_MODE) {
      for (const [table, when] of [['reviews', `NEW.review_text = 'fail-here'`], ['play_history', `NEW.state::text LIKE '%fail-here%'`]]) {
        await db.raw(`CREATE FUNCTION injected_fault_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            IF ${when} THEN RAISE EXCEPTION 'injected'; END IF;
            RETURN NEW;
          END $$`);
        await db.raw(`CREATE TRIGGER injected_fault BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION injected_fault_${table}()`);
      }
      return;
    }
    for (const [table, when] of [['reviews', `NEW.review_text = 'fail-here'`], ['play_history', `NEW.state LIKE '%fail-here%'`]]) {
      for (const event of ['INSERT', 'UPDATE']) {
        await db.raw(`CREATE TRIGGER injected_fault_${table}_${event} BEFORE ${event} ON ${table} WHEN ${when} BEGIN SELECT RAISE(ABORT, 'injected'); END`);
      }
    }
  }

  /** The failing writes: a review and a history state that the triggers refuse. */
  const failingReview = (l: Listener) => call(srv!.url, 'PUT', '/api/review?starOnly=false', l.token, { user_name: l.name, work_id: WORKS[0], rating: 2, review_text: 'fail-here' });
  const failingHistory = (l: Listener) => call(srv!.url, 'PUT', '/api/histroy', l.token, { work_id: WORKS[1], state: { queue: [{ hash: `${WORKS[1]}/1`, title: 'fail-here' }], index: 0, seconds: 1 } });

  /**
   * A server with ten listeners (the 30 concurrent writes of `hundredWrites` are each
   * listener's three kinds, so each has one last write), the first of which wrote a
   * history record, a review and a star one after another (the failed writes must not
   * change them), and the triggers injected.
   */
  async function faultyServer() {
    const setup = await libraryServer(10, 'faulty');
    srv = setup.srv;
    other = otherConnection(srv.dataDir);
    const written = setup.listeners.map(nothingWritten);
    const before: Failure[] = [];
    for (const kind of KINDS) await writeOne(srv.url, setup.listeners[0]!, 0, 0, kind, written[0]!, before);
    expect(summary(before)).toEqual({ count: 0, errors: {} });
    await injectFault(other);
    return { listeners: setup.listeners, written };
  }

  /**
   * No connection was left inside a transaction: another connection writes a review of
   * `l` (no pooled connection holds the write lock), and every pooled connection then
   * reads that write (none holds an older snapshot): reads 8 at once, then 4 one after another.
   */
  async function seesWritesFromElsewhere(l: Listener, written: Written): Promise<void> {
    const elsewhere = { userRating: 4, review_text: 'written by another connection' };
    const now = new Date().toISOString();
    const wroteElsewhere = await other!.transaction(async (trx) => {
      await trx('reviews').where({ user_name: l.name, work_id: WORKS[2] }).delete();
      await trx('reviews').insert({ user_name: l.name, work_id: WORKS[2], rating: elsewhere.userRating, review_text: elsewhere.review_text, created_at: now, updated_at: now });
    }).then(() => 'written', (err: Error) => err.message);
    expect.soft(wroteElsewhere, 'a write by another connection after the failed writes').toBe('written');
    if (wroteElsewhere === 'written') written.reviews.set(WORKS[2]!, elsewhere);
    const reads = await Promise.all(Array.from({ length: 8 }, () => readBack(srv!.url, l)));
    for (let n = 0; n < 4; n++) reads.push(await readBack(srv!.url, l));
    reads.forEach((read, n) => expect.soft(read, `read ${n + 1} after the failed writes`).toEqual(expected(written)));
  }

  /** The next 100 writes: 70 one after another (the kinds and listeners in turn), then 30 at once; all succeed and read back. */
  async function hundredWrites(listeners: Listener[], written: Written[]): Promise<void> {
    const failures: Failure[] = [];
    for (let n = 0; n < 70; n++) {
      const i = n % listeners.length;
      await writeOne(srv!.url, listeners[i]!, i, 1 + Math.floor(n / listeners.length), KINDS[n % KINDS.length]!, written[i]!, failures);
    }
    await Promise.all(listeners.map((l, i) => writeRound(srv!.url, l, i, 50, written[i]!, failures)));
    expect.soft(summary(failures), 'the 100 writes after the failed ones').toEqual({ count: 0, errors: {} });
    const after = await Promise.all(listeners.map((l) => readBack(srv!.url, l)));
    listeners.forEach((l, i) => expect.soft(after[i], `${l.name}'s reads after the 100 writes`).toEqual(expected(written[i]!)));
  }

  it('alone: answers an error, leaves no connection in a transaction, and the next 100 writes succeed and read back', async () => {
    const { listeners, written } = await faultyServer();
    for (const fail of [failingReview, failingHistory, failingReview]) {
      const answer = await fail(listeners[0]!);
      expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
    }
    await seesWritesFromElsewhere(listeners[0]!, written[0]!);
    await hundredWrites(listeners, written);
  }, 180_000);

  it('among good writes at once: each failing one answers an error, the good ones succeed, and so do the next 100', async () => {
    const { listeners, written } = await faultyServer();
    const [first, ...others] = listeners as [Listener, ...Listener[]];
    const beside: Failure[] = [];
    for (let round = 0; round < 3; round++) {
      const [failed] = await Promise.all([
        Promise.all([failingReview(first), failingHistory(first), failingReview(first)]),
        ...others.slice(0, 4).map((l, j) => writeRound(srv!.url, l, j + 1, round, written[j + 1]!, beside)),
      ]);
      for (const answer of failed) expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
    }
    expect.soft(summary(beside), 'good writes beside the failing ones').toEqual({ count: 0, errors: {} });
    await seesWritesFromElsewhere(first, written[0]!);
    await hundredWrites(listeners, written);
  }, 180_000);

  // On PostgreSQL a writer waits for a row lock without limit: no such failure there.
  it.skipIf(PG_MODE)('a write that waits longer than busy_timeout for the write lock answers, and leaves no connection in a transaction', async () => {
    const { listeners, written } = await faultyServer();
    const first = listeners[0]!;
    const pragma = await srv!.services.db.raw('PRAGMA busy_timeout') as { timeout?: number }[];
    const busyMs = Number(pragma[0]?.timeout ?? 10_000);
    // another connection takes the write lock (its first write) and keeps it past busy_timeout
    let locked!: () => void;
    const lockTaken = new Promise<void>((r) => (locked = r));
    const holding = other!.transaction(async (trx) => {
      await trx('users').where({ name: 'admin' }).update({ group: 'admin' });
      locked();
      await new Promise((r) => setTimeout(r, busyMs + 2000));
    });
    await lockTaken;
    const good = { userRating: 5, review_text: 'kept' };
    const [review, history] = await Promise.all([
      call(srv!.url, 'PUT', '/api/review?starOnly=false', first.token, { user_name: first.name, work_id: WORKS[0], rating: good.userRating, review_text: good.review_text }),
      call(srv!.url, 'PUT', '/api/histroy', first.token, { work_id: WORKS[1], state: { queue: [{ hash: `${WORKS[1]}/1`, title: 'blocked' }], index: 0, seconds: 1 } }),
    ]);
    await holding;
    // each answered within ANSWER_MS: 503 server.busy with Retry-After after waiting the whole
    // busy_timeout (the first to wait, at least), or 200 when it got the lock after all
    for (const answer of [review, history]) {
      if (answer.status !== 200) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(503);
        expect(answer.body.code).toBe('server.busy');
        expect(answer.retryAfter).toBe('2');
      }
    }
    expect([review.status, history.status]).toContain(503);
    if (review.status === 200) written[0]!.reviews.set(WORKS[0]!, good);
    if (history.status === 200) written[0]!.history.set(WORKS[1]!, { queue: [{ hash: `${WORKS[1]}/1`, title: 'blocked' }], index: 0, seconds: 1 });
    await seesWritesFromElsewhere(first, written[0]!);
    await hundredWrites(listeners, written);
  }, 180_000);
});

describe('another process’s account changes, seen at the next request', () => {
  const ADMIN_PW = 'concurrent-admin-pw';
  let serve: RunningServe | undefined;
  afterAll(async () => { await serve?.stop(); });

  it('user passwd, user add, user delete and config set by the CLI while listeners save at once', async () => {
    const dataDir = tempDataDir('audiolib-concurrent-cli-');
    const library = path.join(tempDataDir('audiolib-concurrent-lib-', 'none'), 'library');
    fs.cpSync(libraryDir, library, { recursive: true, preserveTimestamps: true });
    expect((await runCli(['--data-dir', dataDir, 'scan', '--no-fetch', library])).code).toBe(0);
    serve = await startServe(dataDir, ADMIN_PW);
    const base = serve.url;
    const adminLogin = await call(base, 'POST', '/api/auth/me', null, { name: 'admin', password: ADMIN_PW });
    expect(adminLogin.status).toBe(200);
    const listeners = await addListeners(base, adminLogin.body.token, 'clilistener', LISTENERS);
    const cli = (args: string[], input?: string) => runCli(['--data-dir', dataDir, ...args], input);
    const signIn = (name: string, password: string) => call(base, 'POST', '/api/auth/me', null, { name, password });
    /** GET /api/auth/me with `token`, `n` at once (so every pooled connection answers one): the statuses. */
    const meAtOnce = async (token: string, n = 12) => (await Promise.all(Array.from({ length: n }, () => call(base, 'GET', '/api/auth/me', token)))).map((a) => a.status);
    const written = listeners.map(nothingWritten);

    // The listeners' bursts below put the server through concurrent writes, as in use; their
    // own answers are the first test's subject (not checked here). After a burst a user
    // added by the CLI signs in at the next request, several times at once (every pooled
    // connection); checked before the password changes, whose refused sign-ins count
    // against this address (login throttling: 10 failures a minute)
    await Promise.all(listeners.map((l, i) => writeRound(base, l, i, 0, written[i]!, [])));
    const added = await cli(['user', 'add', 'cliadded', '--group', 'user'], 'cli-added-pw\n');
    expect(added.code, added.stderr).toBe(0);
    const addedIn = await Promise.all(Array.from({ length: 6 }, () => signIn('cliadded', 'cli-added-pw')));
    expect.soft(addedIn.map((a) => a.status), 'the user added by the CLI signs in').toEqual(Array(6).fill(200));

    // three rounds: the listeners save at once, then one of them changes password from the CLI
    for (let round = 1; round <= 3; round++) {
      await Promise.all(listeners.map((l, i) => writeRound(base, l, i, round, written[i]!, [])));
      const l = listeners[round - 1]!;
      const newPassword = `changed-pw-${round}`;
      const changed = await cli(['user', 'passwd', l.name], `${newPassword}\n`);
      expect(changed.code, changed.stderr).toBe(0);
      // the old token is refused on every connection (a password change revokes the tokens issued before)
      expect.soft(await meAtOnce(l.token), `${l.name}'s token issued before the change, round ${round}`).toEqual(Array(12).fill(401));
      // the old password is refused and the new one signs in, several times at once
      const olds = await Promise.all(Array.from({ length: 2 }, () => signIn(l.name, LISTENER_PASSWORD)));
      expect.soft(olds.map((a) => a.status), `${l.name}'s old password, round ${round}`).toEqual([401, 401]);
      const news = await Promise.all(Array.from({ length: 6 }, () => signIn(l.name, newPassword)));
      expect.soft(news.map((a) => a.status), `${l.name}'s new password, round ${round}`).toEqual(Array(6).fill(200));
      if (news[0]?.status === 200) l.token = news[0].body.token;
    }

    // a user deleted by the CLI: its token refused at the next request
    const gone = listeners[LISTENERS - 1]!;
    const deleted = await cli(['user', 'delete', gone.name]);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect.soft(await meAtOnce(gone.token), 'the deleted user’s token').toEqual(Array(12).fill(401));

    // a live key set by the CLI (config.json, watched by the server): shown within a few seconds
    expect((await cli(['config', 'set', 'pageSize', '7'])).code).toBe(0);
    let pageSize: unknown;
    for (const deadline = Date.now() + 5000; Date.now() < deadline && pageSize !== 7; await new Promise((r) => setTimeout(r, 100))) {
      pageSize = (await call(base, 'GET', '/api/works?page=1', adminLogin.body.token)).body?.pagination?.pageSize;
    }
    expect.soft(pageSize, 'pageSize set by the CLI').toBe(7);
  }, 180_000);
});
