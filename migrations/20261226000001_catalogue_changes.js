/**
 * The catalogue change log (issue 20, cold requests; bench/README.md section "catalogue"):
 * `catalogue_changes` records, under each new `catalogue_version`, the work ids a write
 * changed and whether name lists or every list must be rebuilt, so the cache
 * (src/catalogue/cache.ts) patches its cached lists for the changed works instead of
 * rebuilding them after every change. The version triggers of both catalogues (audio row 1,
 * novels row 2) are replaced by triggers that bump the version and write the log
 * (./lib/dialect.js createChangeTriggers).
 * @param {import('knex').Knex} knex
 */
import { createChangeTriggers, createVersionTriggers, dropChangeTriggers, dropVersionTriggers, isPostgres } from './lib/dialect.js';

/** The tables of each catalogue, as the migrations that made their version triggers listed them. */
const AUDIO = { works: 'works', links: ['work_tags', 'work_vas'], names: ['circles', 'tags', 'vas'], watched: ['circle_id', 'status', 'removed_at'] };
const NOVELS = { works: 'novels', links: ['novel_work_tags', 'novel_work_authors'], names: ['novel_circles', 'novel_tags', 'novel_authors'], watched: ['circle_id', 'removed_at'] };
const tablesOf = (t) => [t.works, ...t.links, ...t.names];

export async function up(knex) {
  await knex.schema.createTable('catalogue_changes', (t) => {
    t.integer('catalogue').notNullable();
    t.bigInteger('version').notNullable();
    t.integer('work_id'); // null: the version's marker row
    t.integer('rebuild').notNullable().defaultTo(0);
    t.integer('names').notNullable().defaultTo(0);
    t.index(['catalogue', 'version'], 'catalogue_changes_version');
  });
  await dropVersionTriggers(knex, 'catalogue_version', tablesOf(AUDIO));
  await dropVersionTriggers(knex, 'novel_version', tablesOf(NOVELS));
  if (isPostgres(knex)) await knex.raw('DROP FUNCTION IF EXISTS catalogue_version_bump()');
  await createChangeTriggers(knex, 'catalogue_change', 1, AUDIO);
  await createChangeTriggers(knex, 'novel_change', 2, NOVELS);
}

/** @param {import('knex').Knex} knex */
export async function down(knex) {
  await dropChangeTriggers(knex, 'catalogue_change', AUDIO);
  await dropChangeTriggers(knex, 'novel_change', NOVELS);
  if (isPostgres(knex)) await knex.raw('DROP FUNCTION IF EXISTS catalogue_change()');
  await createVersionTriggers(knex, 'catalogue_version', 1, tablesOf(AUDIO), AUDIO.links);
  await createVersionTriggers(knex, 'novel_version', 2, tablesOf(NOVELS));
  await knex.schema.dropTableIfExists('catalogue_changes');
}
