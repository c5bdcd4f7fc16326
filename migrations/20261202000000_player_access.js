/**
 * Phones and desktop players (the OpenSubsonic API at /rest, src/subsonic/README.md):
 * - `player_passwords`: one per user, a separate password for players that sign in with
 *   a token (md5 of password + salt), so it must be readable: AES-256-GCM with a key
 *   derived from the server's secret.key (src/users/player-password.ts);
 * - `api_keys`: OpenSubsonic API keys, stored as SHA-256 hashes (src/users/api-keys.ts);
 * - `starred_works`, `starred_tracks`: a user's stars on works (albums) and tracks (songs).
 * User data: kept when a work is hidden or a file vanishes; deleted with the user.
 * Plain schema calls, so PostgreSQL runs them too.
 * @param {import('knex').Knex} knex
 */
export async function up(knex) {
  await knex.schema.createTable('player_passwords', (t) => {
    t.string('user_name').primary();
    t.text('secret').notNullable(); // v1.{iv}.{tag}.{ciphertext}, base64url
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('api_keys', (t) => {
    t.increments('id');
    t.string('user_name').notNullable();
    t.string('name').notNullable(); // the owner's label ('phone')
    t.string('key_hash', 64).notNullable().unique(); // sha256 hex of the key
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at');
    t.index(['user_name']);
  });
  await knex.schema.createTable('starred_works', (t) => {
    t.string('user_name').notNullable();
    t.integer('work_id').notNullable();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.primary(['user_name', 'work_id']);
    t.index(['user_name', 'created_at']);
  });
  await knex.schema.createTable('starred_tracks', (t) => {
    t.string('user_name').notNullable();
    t.integer('work_id').notNullable();
    t.integer('file_id').notNullable();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.primary(['user_name', 'work_id', 'file_id']);
    t.index(['user_name', 'created_at']);
  });
}

/** @param {import('knex').Knex} knex */
export async function down(knex) {
  for (const table of ['starred_tracks', 'starred_works', 'api_keys', 'player_passwords']) await knex.schema.dropTableIfExists(table);
}
