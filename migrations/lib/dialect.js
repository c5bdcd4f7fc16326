/**
 * Engine-specific DDL of the migrations, in one place (src/db/README.md "Two engines").
 * Knex lists only the files of migrations/ itself, so this folder is not a migration.
 * Each helper branches on `knex.client.dialect`: 'sqlite3' or 'postgresql' (knex's client
 * class names it, whether the config gave the client by name or as a class).
 *
 * - change tracking: every write to a catalogue's tables bumps its `catalogue_version`
 *   row (SQLite: one row trigger per table and event; PostgreSQL: one plpgsql function and
 *   a statement trigger per table);
 * - keyword search index `work_search` (a document per work: title, circle name, tag
 *   names, VA names): SQLite an FTS5 trigram table, PostgreSQL a plain table with a GIN
 *   pg_trgm index (the extension ships with PostgreSQL), both kept in step by triggers.
 * @typedef {import('knex').Knex} Knex
 */

/** @param {Knex} knex */
export const isPostgres = (knex) => knex.client.dialect === 'postgresql';

/**
 * Makes every INSERT, UPDATE and DELETE on `tables` bump row `versionId` of
 * catalogue_version. `prefix` names the triggers. `skipUpdate`: tables whose UPDATE
 * needs no trigger (SQLite only; PostgreSQL statement triggers cost nothing per row).
 * @param {Knex} knex @param {string} prefix @param {number} versionId @param {string[]} tables @param {string[]} [skipUpdate]
 */
export async function createVersionTriggers(knex, prefix, versionId, tables, skipUpdate = []) {
  if (isPostgres(knex)) {
    await knex.raw(`CREATE OR REPLACE FUNCTION catalogue_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE catalogue_version SET version = version + 1 WHERE id = TG_ARGV[0]::integer; RETURN NULL; END $$`);
    for (const table of tables) {
      await knex.raw(`CREATE TRIGGER ${prefix}_${table} AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump(${versionId})`);
    }
    return;
  }
  const bump = `UPDATE catalogue_version SET version = version + 1 WHERE id = ${versionId};`;
  for (const table of tables) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      if (event === 'UPDATE' && skipUpdate.includes(table)) continue;
      await knex.raw(`CREATE TRIGGER ${prefix}_${table}_${event.toLowerCase()} AFTER ${event} ON ${table} BEGIN ${bump} END`);
    }
  }
}

/** Drops the triggers createVersionTriggers made. @param {Knex} knex @param {string} prefix @param {string[]} tables */
export async function dropVersionTriggers(knex, prefix, tables) {
  if (isPostgres(knex)) {
    for (const table of tables) await knex.raw(`DROP TRIGGER IF EXISTS ${prefix}_${table} ON ${table}`);
    return;
  }
  const triggers = await knex.raw(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE ?`, [`${prefix}_%`]);
  for (const { name } of triggers) await knex.raw(`DROP TRIGGER ${name}`);
}

/** SQLite: the statement rebuilding the search documents of the works matching `where` (alias w). */
const sqliteSearchDoc = (where) => `
  INSERT OR REPLACE INTO work_search(rowid, doc)
  SELECT w.id,
    w.title
    || ' ' || coalesce((SELECT c.name FROM circles c WHERE c.id = w.circle_id), '')
    || ' ' || coalesce((SELECT group_concat(t.name, ' ') FROM work_tags wt JOIN tags t ON t.id = wt.tag_id WHERE wt.work_id = w.id), '')
    || ' ' || coalesce((SELECT group_concat(v.name, ' ') FROM work_vas wv JOIN vas v ON v.id = wv.va_id WHERE wv.work_id = w.id), '')
  FROM works w WHERE ${where};`;

/** PostgreSQL: the function rebuilding the search documents of the works `ids` (the same document as SQLite's). */
const PG_SEARCH_REFRESH = `CREATE OR REPLACE FUNCTION work_search_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO work_search(work_id, doc)
  SELECT w.id,
    w.title
    || ' ' || coalesce((SELECT c.name FROM circles c WHERE c.id = w.circle_id), '')
    || ' ' || coalesce((SELECT string_agg(t.name, ' ') FROM work_tags wt JOIN tags t ON t.id = wt.tag_id WHERE wt.work_id = w.id), '')
    || ' ' || coalesce((SELECT string_agg(v.name, ' ') FROM work_vas wv JOIN vas v ON v.id = wv.va_id WHERE wv.work_id = w.id), '')
  FROM works w WHERE w.id = ANY(ids)
  ON CONFLICT (work_id) DO UPDATE SET doc = EXCLUDED.doc $$`;

/** PostgreSQL: one row trigger function per source of a search document. */
const PG_SEARCH_TRIGGERS = [
  ['works_insert', 'AFTER INSERT ON works', 'PERFORM work_search_refresh(ARRAY[NEW.id]);'],
  ['works_update', 'AFTER UPDATE OF title, circle_id ON works', 'PERFORM work_search_refresh(ARRAY[NEW.id]);'],
  ['works_delete', 'AFTER DELETE ON works', 'DELETE FROM work_search WHERE work_id = OLD.id;'],
  ['work_tags_insert', 'AFTER INSERT ON work_tags', 'PERFORM work_search_refresh(ARRAY[NEW.work_id]);'],
  ['work_tags_delete', 'AFTER DELETE ON work_tags', 'PERFORM work_search_refresh(ARRAY[OLD.work_id]);'],
  ['work_vas_insert', 'AFTER INSERT ON work_vas', 'PERFORM work_search_refresh(ARRAY[NEW.work_id]);'],
  ['work_vas_delete', 'AFTER DELETE ON work_vas', 'PERFORM work_search_refresh(ARRAY[OLD.work_id]);'],
  ['circles_rename', 'AFTER UPDATE OF name ON circles', 'PERFORM work_search_refresh(ARRAY(SELECT id FROM works WHERE circle_id = NEW.id));'],
  ['tags_rename', 'AFTER UPDATE OF name ON tags', 'PERFORM work_search_refresh(ARRAY(SELECT work_id FROM work_tags WHERE tag_id = NEW.id));'],
  ['vas_rename', 'AFTER UPDATE OF name ON vas', 'PERFORM work_search_refresh(ARRAY(SELECT work_id FROM work_vas WHERE va_id = NEW.id));'],
];

/** Creates the keyword search index `work_search`, its triggers, and fills it. @param {Knex} knex */
export async function createSearchIndex(knex) {
  if (isPostgres(knex)) {
    await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await knex.raw('CREATE TABLE work_search (work_id integer PRIMARY KEY, doc text NOT NULL)');
    await knex.raw('CREATE INDEX work_search_doc_trgm ON work_search USING gin (doc gin_trgm_ops)');
    await knex.raw(PG_SEARCH_REFRESH);
    for (const [name, on, body] of PG_SEARCH_TRIGGERS) {
      await knex.raw(`CREATE FUNCTION work_search_${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} RETURN NULL; END $$`);
      await knex.raw(`CREATE TRIGGER work_search_${name} ${on} FOR EACH ROW EXECUTE FUNCTION work_search_${name}()`);
    }
    await knex.raw('SELECT work_search_refresh(ARRAY(SELECT id FROM works))');
    return;
  }
  await knex.raw(`CREATE VIRTUAL TABLE work_search USING fts5(doc, tokenize = 'trigram')`);
  await knex.raw(`CREATE TRIGGER work_search_works_insert AFTER INSERT ON works BEGIN ${sqliteSearchDoc('w.id = NEW.id')} END`);
  await knex.raw(`CREATE TRIGGER work_search_works_update AFTER UPDATE OF title, circle_id ON works BEGIN ${sqliteSearchDoc('w.id = NEW.id')} END`);
  await knex.raw(`CREATE TRIGGER work_search_works_delete AFTER DELETE ON works BEGIN DELETE FROM work_search WHERE rowid = OLD.id; END`);
  for (const rel of ['work_tags', 'work_vas']) {
    await knex.raw(`CREATE TRIGGER work_search_${rel}_insert AFTER INSERT ON ${rel} BEGIN ${sqliteSearchDoc('w.id = NEW.work_id')} END`);
    await knex.raw(`CREATE TRIGGER work_search_${rel}_delete AFTER DELETE ON ${rel} BEGIN ${sqliteSearchDoc('w.id = OLD.work_id')} END`);
  }
  await knex.raw(`CREATE TRIGGER work_search_circles_rename AFTER UPDATE OF name ON circles BEGIN ${sqliteSearchDoc('w.circle_id = NEW.id')} END`);
  await knex.raw(`CREATE TRIGGER work_search_tags_rename AFTER UPDATE OF name ON tags BEGIN ${sqliteSearchDoc('w.id IN (SELECT work_id FROM work_tags WHERE tag_id = NEW.id)')} END`);
  await knex.raw(`CREATE TRIGGER work_search_vas_rename AFTER UPDATE OF name ON vas BEGIN ${sqliteSearchDoc('w.id IN (SELECT work_id FROM work_vas WHERE va_id = NEW.id)')} END`);
  await knex.raw(sqliteSearchDoc('1'));
}

/** Drops the search index and its triggers. @param {Knex} knex */
export async function dropSearchIndex(knex) {
  if (isPostgres(knex)) {
    for (const [name, on] of PG_SEARCH_TRIGGERS) {
      await knex.raw(`DROP TRIGGER IF EXISTS work_search_${name} ${on.replace(/^.* ON /, 'ON ')}`);
      await knex.raw(`DROP FUNCTION IF EXISTS work_search_${name}()`);
    }
    await knex.raw('DROP FUNCTION IF EXISTS work_search_refresh(integer[])');
  } else {
    const triggers = await knex.raw(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'work_search_%'`);
    for (const { name } of triggers) await knex.raw(`DROP TRIGGER ${name}`);
  }
  await knex.raw('DROP TABLE IF EXISTS work_search');
}
