/**
 * The version of each user's marks (src/subsonic/marks.ts): `users.marks_version`, bumped
 * by triggers (./lib/dialect.js createMarksTriggers) in the transaction of every write to
 * the user's stars (`starred_works`, `starred_tracks`) or ratings (`reviews.rating`),
 * whoever writes (the web, a player, another server instance). The players' calls read it
 * with the caller's account and keep the caller's marks in memory for that version, so a
 * list or a search reads no row of the caller's (bench/README.md, catalogue).
 * @param {import('knex').Knex} knex
 */
import { createMarksTriggers, dropMarksTriggers } from './lib/dialect.js';

/** @type {import('./lib/dialect.js').MarksTable[]} */
const MARKS = [{ table: 'reviews', when: 'rating' }, { table: 'starred_works' }, { table: 'starred_tracks' }];

export async function up(knex) {
  await knex.schema.alterTable('users', (t) => {
    t.bigInteger('marks_version').notNullable().defaultTo(0);
  });
  await createMarksTriggers(knex, MARKS);
}

/** @param {import('knex').Knex} knex */
export async function down(knex) {
  await dropMarksTriggers(knex, MARKS);
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('marks_version');
  });
}
