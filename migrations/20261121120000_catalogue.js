/**
 * Catalogue query support (bench/README.md section "catalogue"):
 * - one index per works-list order, each led by the visibility columns (status, removed_at)
 *   and ending in id, so a page of any order is a covering index walk;
 * - `catalogue_version`: one counter bumped by triggers on every change to works, their
 *   circles, tags and VAs; list totals and seeded random orders are cached per version
 *   (src/catalogue/cache.ts), so a write by any process (scanner, CLI) invalidates them;
 * - `work_search`, a keyword index of each work's title, circle name, tag names and VA
 *   names, kept in step by triggers (SQLite: FTS5 trigram; PostgreSQL: pg_trgm GIN);
 *   plain and fuzzy keyword words are looked up there instead of scanning every title.
 * The engine-specific DDL is in ./lib/dialect.js.
 * @param {import('knex').Knex} knex
 */

import { createSearchIndex, createVersionTriggers, dropSearchIndex, dropVersionTriggers, isPostgres } from './lib/dialect.js';

const ORDERS = ['dl_count', 'price', 'rate_average_2dp', 'review_count', 'created_at'];
const CATALOGUE = ['works', 'work_tags', 'work_vas', 'circles', 'tags', 'vas'];

export async function up(knex) {
  await knex.schema.alterTable('works', (t) => {
    for (const col of ORDERS) t.index(['status', 'removed_at', col, 'id'], `works_list_${col}`);
    t.index(['status', 'removed_at', 'id'], 'works_list_id');
    t.index(['status', 'removed_at', 'nsfw', 'release', 'id'], 'works_list_nsfw_release');
    t.index(['status', 'removed_at', 'circle_id', 'id'], 'works_list_circle');
  });
  await knex.schema.createTable('catalogue_version', (t) => {
    t.integer('id').primary();
    t.bigInteger('version').notNullable().defaultTo(0);
  });
  await knex('catalogue_version').insert({ id: 1, version: 0 });
  await createVersionTriggers(knex, 'catalogue_version', 1, CATALOGUE, ['work_tags', 'work_vas']);
  await createSearchIndex(knex);
}

/** @param {import('knex').Knex} knex */
export async function down(knex) {
  await dropVersionTriggers(knex, 'catalogue_version', CATALOGUE);
  // the novels' triggers, its other users, went with the novels migration's down()
  if (isPostgres(knex)) await knex.raw('DROP FUNCTION IF EXISTS catalogue_version_bump()');
  await dropSearchIndex(knex);
  await knex.schema.dropTableIfExists('catalogue_version');
  await knex.schema.alterTable('works', (t) => {
    for (const col of ORDERS) t.dropIndex([], `works_list_${col}`);
    t.dropIndex([], 'works_list_id');
    t.dropIndex([], 'works_list_nsfw_release');
    t.dropIndex([], 'works_list_circle');
  });
}
