/** Small helpers for the admin API tests: JSON calls and signed-in tokens per group. */
import { createUser } from '../../../src/users/index.js';
import type { TestServer } from '../../helpers/server.js';

export interface Answer { status: number; body: any; headers: Headers }

/** Calls the API with an optional bearer token and JSON body; returns status, parsed body and headers. */
export async function call(srv: TestServer, method: string, path: string, token?: string | null, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${srv.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let parsed: unknown = text;
  try { parsed = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, body: parsed, headers: res.headers };
}

export interface Tokens { admin: string; user: string; guest: string }

/** Creates `listener1` (user) and `visitor1` (guest) with password `secret-pw` and signs in all three. */
export async function groupTokens(srv: TestServer): Promise<Tokens> {
  await createUser(srv.services.db, 'listener1', 'secret-pw', 'user');
  await createUser(srv.services.db, 'visitor1', 'secret-pw', 'guest');
  return { admin: await srv.login(), user: await srv.login('listener1', 'secret-pw'), guest: await srv.login('visitor1', 'secret-pw') };
}
