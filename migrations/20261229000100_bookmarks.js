/**
 * Bookmarks (src/bookmarks/README.md): a user's kept places in tracks, one per user and
 * track (`work_id`, `file_id`: the track hash `{workId}/{fileId}`), the position in
 * milliseconds (as the Subsonic API counts) and a comment. User data: kept when a work is
 * hidden or a file vanishes; deleted with the user. Plain schema calls, so PostgreSQL
 * runs them too.
 * @param {import('knex').Knex} knex
 */
export async function up(knex) {
  await knex.schema.createTable('bookmarks', (t) => {
    t.string('user_name').notNullable();
    t.integer('work_id').notNullable();
    t.integer('file_id').notNullable();
    t.bigInteger('position_ms').notNullable();
    t.text('comment').notNullable().defaultTo('');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
    t.primary(['user_name', 'work_id', 'file_id']);
  });
}

/** @param {import('knex').Knex} knex */
export async function down(knex) {
  await knex.schema.dropTableIfExists('bookmarks');
}
