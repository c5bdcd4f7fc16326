/**
 * Deleting users (spec 001 section 5): one function, one transaction, every row of the
 * user gone with the account, so a deleted account's data and credentials never pass to
 * a new account of the same name. Shared by the credentials API (`DELETE
 * /api/credentials/user`) and `audiolib user delete`.
 */
import type { Db } from '../db/index.js';
import { Forbidden, NotFound, say } from '../model/index.js';
import { BOOKMARKS_TABLE } from '../bookmarks/store.js';
import { deletePlaylistsOf } from '../playlists/store.js';
import { ADMIN_NAME } from './manage.js';

/**
 * Every table holding rows of a user in its `user_name` column, but `playlists` (deleted
 * with their entries by the playlists' store): reviews and play history of audio works and
 * novels, novel reading positions, stars, bookmarks, the player password, API keys and
 * players (the novels' tables by name: src/novels builds on src/users, not the other way).
 * test/api/user-delete.test.ts checks it against the schema's tables.
 */
const USER_TABLES = [
  'reviews', 'play_history', 'novel_reviews', 'novel_history', 'novel_reading',
  'starred_works', 'starred_tracks', BOOKMARKS_TABLE, 'player_passwords', 'api_keys', 'players',
];

/**
 * Deletes the users `names` (duplicates allowed) with every row they own (USER_TABLES, their
 * playlists and entries, then the account), all in one transaction: a statement that fails
 * leaves every row as it was and rejects with its error. Their tokens stop working at
 * once (no user row). Throws Forbidden `user.adminUndeletable` when the list names the
 * admin, NotFound `user.notFound` (the unknown names) when a name does not exist; nothing
 * is deleted then. Answers the names deleted, each once.
 */
export async function deleteUsers(db: Db, names: string[]): Promise<string[]> {
  if (names.includes(ADMIN_NAME)) throw new Forbidden(say('user.adminUndeletable'));
  const unique = [...new Set(names)];
  return db.transaction(async (trx) => {
    const found = (await trx('users').whereIn('name', unique).select('name')).map((r: { name: string }) => r.name);
    const missing = unique.filter((n) => !found.includes(n));
    if (missing.length) throw new NotFound(say('user.notFound', { names: missing.join(', ') }));
    for (const table of USER_TABLES) await trx(table).whereIn('user_name', unique).delete();
    await deletePlaylistsOf(trx, unique);
    await trx('users').whereIn('name', unique).delete();
    return unique;
  });
}
