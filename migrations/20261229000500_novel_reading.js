/**
 * Where each user stopped reading a novel's TXT in the browser's reader
 * (src/novels/reading.ts): one row per user and novel, the position as a character offset
 * into the TXT as stored (UTF-8, src/novels/txt.ts), so the reader reopens at the same
 * place in any browser. Like novel_history: no cascading delete from novels (a deleted
 * novel is hidden, never removed); a deleted user's rows go with the user
 * (src/users/delete.ts). Plain schema calls: the same on PostgreSQL.
 * @param {import('knex').Knex} knex
 */
export async function up(knex) {
  await knex.schema.createTable('novel_reading', (t) => {
    t.string('user_name').notNullable();
    t.integer('work_id').notNullable();
    t.integer('char_offset').notNullable();
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
    t.primary(['user_name', 'work_id']);
  });
}

/** @param {import('knex').Knex} knex */
export async function down(knex) {
  await knex.schema.dropTableIfExists('novel_reading');
}
