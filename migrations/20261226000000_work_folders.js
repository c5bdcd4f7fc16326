/**
 * The folder times of a work as its last quick-mode listing saw them (src/library/README.md
 * "Quick rescans"): one row per work, `times` a JSON object of folder relpath ('' for the
 * work folder itself) -> change time (ctime, ms since epoch, fractional). A separate table
 * so that saving them neither bumps the catalogue version nor touches the search index
 * (both follow every update of `works`). Rows go with their work.
 * @param {import('knex').Knex} knex
 */
export async function up(knex) {
  await knex.schema.createTable('work_folders', (t) => {
    t.integer('work_id').primary().references('works.id').onDelete('CASCADE');
    t.text('times').notNullable();
  });
}

/** @param {import('knex').Knex} knex */
export async function down(knex) {
  await knex.schema.dropTableIfExists('work_folders');
}
