/** Small helper for the admin API tests: signed-in tokens per group (JSON calls: callApi in test/helpers/server.ts). */
import { createUser } from '../../../src/users/index.js';
import type { TestServer } from '../../helpers/server.js';

export interface Tokens { admin: string; user: string; guest: string }

/** Creates `listener1` (user) and `visitor1` (guest) with password `secret-pw` and signs in all three. */
export async function groupTokens(srv: TestServer): Promise<Tokens> {
  await createUser(srv.services.db, 'listener1', 'secret-pw', 'user');
  await createUser(srv.services.db, 'visitor1', 'secret-pw', 'guest');
  return { admin: await srv.login(), user: await srv.login('listener1', 'secret-pw'), guest: await srv.login('visitor1', 'secret-pw') };
}
