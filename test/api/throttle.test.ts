/**
 * Login throttling through the real server (README "Security" and "Reverse proxy"):
 * per address, per account with backoff, and X-Forwarded-For read only with trustProxy.
 * Client addresses are given the way a reverse proxy passes them on, in X-Forwarded-For.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '../../src/users/index.js';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../helpers/server.js';

let srv: TestServer | null = null;
afterEach(async () => {
  await srv?.close();
  srv = null;
});

/** POST /api/auth/me as the client at `forwardedFor` (the X-Forwarded-For header a proxy sends). */
const login = (name: string, password: string, forwardedFor: string) =>
  fetch(`${srv!.url}/api/auth/me`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ name, password }),
  });

/** Starts a server with `carol1` (password carol-pw-1) and the given trustProxy. */
async function serve(trustProxy: boolean) {
  srv = await startTestServer({ config: { trustProxy } });
  await createUser(srv.services.db, 'carol1', 'carol-pw-1', 'user');
}

/** `n` wrong passwords for `name`, from the addresses `address(i)`; each must answer 401. */
async function guess(name: string, n: number, address: (i: number) => string) {
  for (let i = 1; i <= n; i++) expect((await login(name, `wrong-${i}`, address(i))).status, `guess ${i}`).toBe(401);
}

describe('trustProxy off (the default)', () => {
  it('ignores X-Forwarded-For: every client is the connecting address', async () => {
    await serve(false);
    await guess('carol1', 10, (i) => `203.0.113.${i}`);
    const refused = await login('carol1', 'carol-pw-1', '198.51.100.1');
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatch(/^too many failed sign-ins, try again in \d+ s$/);
  });
});

describe('trustProxy on', () => {
  it('throttles each forwarded address on its own; a correct password from another address signs in', async () => {
    await serve(true);
    await guess('carol1', 10, () => '203.0.113.1');
    const refused = await login('carol1', 'carol-pw-1', '203.0.113.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // the proxy appends the real client to what the client sent: only that last entry counts
    expect((await login('carol1', 'carol-pw-1', '198.51.100.1, 203.0.113.1')).status).toBe(429);
    expect((await login('carol1', 'carol-pw-1', '203.0.113.1, 198.51.100.2')).status).toBe(200);
    expect((await login('admin', ADMIN_PASSWORD, '198.51.100.3')).status).toBe(200);
  });

  it('slows guessing one account from many addresses; the account still signs in from an address it used before', async () => {
    await serve(true);
    expect((await login('carol1', 'carol-pw-1', '198.51.100.10')).status).toBe(200); // carol1's own address
    await guess('carol1', 20, (i) => `203.0.113.${i}`); // one guess per address: no address limit is reached
    const slowed = await login('carol1', 'wrong-21', '203.0.113.21');
    expect(slowed.status).toBe(429);
    const wait = Number(slowed.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    // a new address is refused before its password is checked, the right one too (no yes/no answer to guessers)
    expect((await login('carol1', 'carol-pw-1', '203.0.113.22')).status).toBe(429);
    // carol1 from her own address, and other accounts, are not held up
    expect((await login('carol1', 'carol-pw-1', '198.51.100.10')).status).toBe(200);
    expect((await login('admin', ADMIN_PASSWORD, '203.0.113.23')).status).toBe(200);
    // after the wait, a new address gets its attempt
    await new Promise((r) => setTimeout(r, wait * 1000));
    expect((await login('carol1', 'carol-pw-1', '203.0.113.24')).status).toBe(200);
  });
});
