/**
 * Catalogue query support (bench/README.md section "catalogue"):
 * - one index per works-list order, each led by the visibility columns (status, removed_at)
 *   and ending in id, so a page of any order is a covering index walk;
 * - `catalogue_version`: one counter bumped by triggers on every change to works, their
 *   circles, tags and VAs; list totals and seeded random orders are cached per version
 *   (src/catalogue/cache.ts), so a write by any process (scanner, CLI) invalidates them;
 * - SQLite only: `work_search`, an FTS5 trigram index of each work's title, circle name,
 *   tag names and VA names, kept in step by triggers; plain and fuzzy keyword words of 3+
 *   characters are looked up there instead of scanning every title.
 * @param {import('knex').Knex} knex
 */

const ORDERS = ['dl_count', 'price', 'rate_average_2dp', 'review_count', 'created_at'];

/** SQL rebuilding the search documents of the works matching `where` (alias w). */
const searchDoc = (where) => `
  INSERT OR REPLACE INTO work_search(rowid, doc)
  SELECT w.id,
    w.title
    || ' ' || coalesce((SELECT c.name FROM circles c WHERE c.id = w.circle_id), '')
    || ' ' || coalesce((SELECT group_concat(t.name, ' ') FROM work_tags wt JOIN tags t ON t.id = wt.tag_id WHERE wt.work_id = w.id), '')
    || ' ' || coalesce((SELECT group_concat(v.name, ' ') FROM work_vas wv JOIN vas v ON v.id = wv.va_id WHERE wv.work_id = w.id), '')
  FROM works w WHERE ${where};`;

const bump = 'UPDATE catalogue_version SET version = version + 1 WHERE id = 1;';

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

  if (knex.client.config.client !== 'sqlite3') return;
  for (const table of ['works', 'work_tags', 'work_vas', 'circles', 'tags', 'vas']) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      if ((table === 'work_tags' || table === 'work_vas') && event === 'UPDATE') continue;
      await knex.raw(`CREATE TRIGGER catalogue_version_${table}_${event.toLowerCase()} AFTER ${event} ON ${table} BEGIN ${bump} END`);
    }
  }

  await knex.raw(`CREATE VIRTUAL TABLE work_search USING fts5(doc, tokenize = 'trigram')`);
  await knex.raw(`CREATE TRIGGER work_search_works_insert AFTER INSERT ON works BEGIN ${searchDoc('w.id = NEW.id')} END`);
  await knex.raw(`CREATE TRIGGER work_search_works_update AFTER UPDATE OF title, circle_id ON works BEGIN ${searchDoc('w.id = NEW.id')} END`);
  await knex.raw(`CREATE TRIGGER work_search_works_delete AFTER DELETE ON works BEGIN DELETE FROM work_search WHERE rowid = OLD.id; END`);
  for (const rel of ['work_tags', 'work_vas']) {
    await knex.raw(`CREATE TRIGGER work_search_${rel}_insert AFTER INSERT ON ${rel} BEGIN ${searchDoc('w.id = NEW.work_id')} END`);
    await knex.raw(`CREATE TRIGGER work_search_${rel}_delete AFTER DELETE ON ${rel} BEGIN ${searchDoc('w.id = OLD.work_id')} END`);
  }
  await knex.raw(`CREATE TRIGGER work_search_circles_rename AFTER UPDATE OF name ON circles BEGIN ${searchDoc('w.circle_id = NEW.id')} END`);
  await knex.raw(`CREATE TRIGGER work_search_tags_rename AFTER UPDATE OF name ON tags BEGIN ${searchDoc('w.id IN (SELECT work_id FROM work_tags WHERE tag_id = NEW.id)')} END`);
  await knex.raw(`CREATE TRIGGER work_search_vas_rename AFTER UPDATE OF name ON vas BEGIN ${searchDoc('w.id IN (SELECT work_id FROM work_vas WHERE va_id = NEW.id)')} END`);
  await knex.raw(searchDoc('1'));
}

/** @param {import('knex').Knex} knex */
export async function down(knex) {
  if (knex.client.config.client === 'sqlite3') {
    const triggers = await knex.raw(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND (name LIKE 'catalogue_version_%' OR name LIKE 'work_search_%')`);
    for (const { name } of triggers) await knex.raw(`DROP TRIGGER ${name}`);
    await knex.raw('DROP TABLE IF EXISTS work_search');
  }
  await knex.schema.dropTableIfExists('catalogue_version');
  await knex.schema.alterTable('works', (t) => {
    for (const col of ORDERS) t.dropIndex([], `works_list_${col}`);
    t.dropIndex([], 'works_list_id');
    t.dropIndex([], 'works_list_nsfw_release');
    t.dropIndex([], 'works_list_circle');
  });
}
