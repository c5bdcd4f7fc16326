/**
 * Playlists (src/playlists/README.md), one store for the web UI, the players' API at /rest
 * and the TUI:
 * - `playlists`: one per list, owned by `user_name`, with its name, comment, public flag and
 *   created / changed times (ISO text written by the domain, read the same on both engines);
 * - `playlist_entries`: the ordered tracks of a list, a file of a work by its ids (the track
 *   hash's `{workId}/{fileId}`; a library or trial work), `position` from 0 without gaps,
 *   unique per list. Deleted with their list (foreign key) and with the owner (users'
 *   deleteUsers). An entry whose file vanished stays, shown as unavailable.
 * Plain schema calls, so PostgreSQL runs them too.
 * @param {import('knex').Knex} knex
 */
export async function up(knex) {
  await knex.schema.createTable('playlists', (t) => {
    t.increments('id');
    t.string('user_name').notNullable();
    t.string('name').notNullable();
    t.text('comment').notNullable().defaultTo('');
    t.boolean('public').notNullable().defaultTo(false);
    t.string('created_at', 32).notNullable();
    t.string('changed_at', 32).notNullable();
    t.index(['user_name']);
    t.index(['public']);
  });
  await knex.schema.createTable('playlist_entries', (t) => {
    t.increments('id');
    t.integer('playlist_id').notNullable().references('playlists.id').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.integer('work_id').notNullable();
    t.integer('file_id').notNullable();
    t.string('added_at', 32).notNullable();
    t.unique(['playlist_id', 'position']);
  });
}

/** @param {import('knex').Knex} knex */
export async function down(knex) {
  await knex.schema.dropTableIfExists('playlist_entries');
  await knex.schema.dropTableIfExists('playlists');
}
