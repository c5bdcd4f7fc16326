/**
 * An index the players' album summaries read alone (src/subsonic/tracks.ts summaryQuery:
 * count and total duration of each work's audio files): `files` (work_id, type, duration).
 * With only (work_id, relpath), each of a work's files was read from the table for its type
 * and duration; 20 random works' summaries took 0.37 ms on PostgreSQL and 0.35 on SQLite at
 * 100,000 works, 0.21 and 0.28 with this index (bench/README.md, catalogue).
 * @param {import('knex').Knex} knex
 */
export async function up(knex) {
  await knex.schema.alterTable('files', (t) => {
    t.index(['work_id', 'type', 'duration'], 'files_audio_summary');
  });
}

/** @param {import('knex').Knex} knex */
export async function down(knex) {
  await knex.schema.alterTable('files', (t) => {
    t.dropIndex(['work_id', 'type', 'duration'], 'files_audio_summary');
  });
}
