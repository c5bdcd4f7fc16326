/**
 * Worker keys (README "Security", src/lyrics/worker-keys.ts): the credentials an admin
 * gives AI lyric workers (`audiolib translate --key-file`). Only the SHA-256 of a key is
 * stored; a revoked key keeps its row (the admin page lists it) and never works again.
 * Names repeat only across revoked keys: the code keeps one active key per name.
 * Plain schema calls: SQLite and PostgreSQL alike.
 * @param {import('knex').Knex} knex
 */
export async function up(knex) {
  await knex.schema.createTable('worker_keys', (t) => {
    t.increments('id');
    t.string('name', 64).notNullable();
    t.string('key_hash', 64).notNullable().unique(); // hex SHA-256 of the key
    t.boolean('revoked').notNullable().defaultTo(false);
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at');
    t.timestamp('revoked_at');
    t.index(['name']);
  });
}

/** @param {import('knex').Knex} knex */
export async function down(knex) {
  await knex.schema.dropTableIfExists('worker_keys');
}
