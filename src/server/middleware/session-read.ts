/**
 * Reading a caller's session: the account (by token, API key or name) and, in the same
 * statement, the audio catalogue's version (`catalogue_version`, src/catalogue/cache.ts),
 * so that a request opens its catalogue cache (src/catalogue/context.ts) without a
 * statement of its own. The only place that joins the two: src/users knows nothing of the
 * catalogue, and the catalogue nothing of sign-in. Used by the web API's requireUser
 * (auth.ts) and the players' sign-in (src/subsonic/auth.ts).
 */
import type { Knex } from 'knex';
import type { Db } from '../../db/index.js';
import { versionColumn, type KnownVersions } from '../../catalogue/index.js';
import { accountQuery, apiKeyOwner, keyUser, signedIn, tokenClaims, tokenMatches, type ApiKeyOwnerRow, type SignedIn, type UserRow } from '../../users/index.js';

/** A signed-in caller and the catalogue versions read with the account (empty when none was read, e.g. after a login-password sign-in). */
export interface Session { user: SignedIn; versions: KnownVersions }

/** The column the audio catalogue's version is read as. */
interface VersionColumn { catalogue_version: number | string | null }

/** `qb`'s one row with the audio catalogue's version as column `catalogue_version`. */
async function withVersion<R>(db: Db, qb: Knex.QueryBuilder): Promise<(R & VersionColumn) | undefined> {
  return (await qb.first(versionColumn(db).as('catalogue_version'))) as (R & VersionColumn) | undefined;
}

/** The versions of a row read with withVersion (null: the database keeps none). */
const versionsOf = (row: VersionColumn): KnownVersions => ({ audio: row.catalogue_version === null ? null : Number(row.catalogue_version) });

/** Account `name` and the catalogue versions, in one statement; undefined for an unknown name. */
export async function accountSession(db: Db, name: string): Promise<{ row: UserRow; versions: KnownVersions } | undefined> {
  const row = await withVersion<UserRow>(db, accountQuery(db, name).select('users.*'));
  return row && { row, versions: versionsOf(row) };
}

/** The session of bearer token `token` (users/tokens.ts rules), or null for a bad, expired or outdated token or an account that could not be read (as verifyToken). */
export async function tokenSession(db: Db, secret: Uint8Array, token: string): Promise<Session | null> {
  const claims = await tokenClaims(secret, token);
  const found = claims && await accountSession(db, claims.name).catch(() => undefined);
  return claims && found && tokenMatches(claims, found.row) ? { user: signedIn(found.row), versions: found.versions } : null;
}

/** The session of API key `key` (users/api-keys.ts; its use recorded), or null for an unknown or revoked key. */
export async function apiKeySession(db: Db, key: string): Promise<Session | null> {
  const row = await withVersion<ApiKeyOwnerRow>(db, apiKeyOwner(db, key));
  return row ? { user: await keyUser(db, row), versions: versionsOf(row) } : null;
}
