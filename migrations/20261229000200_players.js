/**
 * Players (src/users/players.ts; src/transcode/README.md "Per player"): as Navidrome's,
 * one row per user and Subsonic client name (`c`), seen at `/rest` or named by the CLI,
 * with that player's default transcoding: `max_bit_rate` in kbit/s (0: no limit) and
 * `format` ('raw', 'mp3', 'opus', 'aac'; null: as the player asks). User data, deleted
 * with the user. Plain schema calls, so PostgreSQL runs them too.
 * @param {import('knex').Knex} knex
 */
export async function up(knex) {
  await knex.schema.createTable('players', (t) => {
    t.increments('id');
    t.string('user_name').notNullable();
    t.string('client', 255).notNullable();
    t.integer('max_bit_rate').notNullable().defaultTo(0);
    t.string('format', 8);
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_seen_at');
    t.unique(['user_name', 'client']);
  });
}

/** @param {import('knex').Knex} knex */
export async function down(knex) {
  await knex.schema.dropTableIfExists('players');
}
