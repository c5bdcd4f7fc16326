/**
 * Engine-specific DDL of the migrations, in one place (src/db/README.md "Two engines").
 * Knex lists only the files of migrations/ itself, so this folder is not a migration.
 * Each helper branches on `knex.client.dialect`: 'sqlite3' or 'postgresql' (knex's client
 * class names it, whether the config gave the client by name or as a class).
 *
 * - change tracking: every write to a catalogue's tables bumps its `catalogue_version`
 *   row (SQLite: one row trigger per table and event; PostgreSQL: one plpgsql function and
 *   a statement trigger per table);
 * - marks: every write to a user's stars or ratings bumps `users.marks_version`
 *   (createMarksTriggers);
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

/**
 * The tables of one catalogue whose writes the change log records (createChangeTriggers):
 * `works` (its rows' `id`), `links` (tables with a `work_id`), `names` (circles, tags,
 * VAs: a rename or delete changes what many works show) and `watched`, the works columns
 * whose change alters the name lists' counts (the visibility columns and circle_id).
 * @typedef {{ works: string, links: string[], names: string[], watched: string[] }} ChangeTables
 */

/** Versions of the change log kept per catalogue; older rows are pruned by the triggers. */
const KEPT_VERSIONS = 1000;

/**
 * PostgreSQL: the statement trigger function of the change log. Arguments: catalogue id,
 * kind ('works' | 'links' | 'names'), the work id column, the watched columns (comma-separated).
 * Bumps the catalogue's version (its row lock orders the writers' commits by version) and
 * writes one marker row for the version, then one row per changed work id (transition tables).
 */
const PG_CHANGE_FUNCTION = `CREATE OR REPLACE FUNCTION catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cat integer := TG_ARGV[0]::integer;
  kind text := TG_ARGV[1];
  col text := TG_ARGV[2];
  v bigint;
  names integer := 1;
BEGIN
  UPDATE catalogue_version SET version = version + 1 WHERE id = cat RETURNING version INTO v;
  IF kind = 'names' THEN
    INSERT INTO catalogue_changes (catalogue, version, work_id, rebuild, names)
      VALUES (cat, v, NULL, CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE 1 END, CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE 1 END);
  ELSE
    IF kind = 'works' AND TG_OP = 'UPDATE' THEN
      EXECUTE format('SELECT CASE WHEN EXISTS (SELECT 1 FROM old_rows o FULL JOIN new_rows n ON o.id = n.id WHERE o.id IS NULL OR n.id IS NULL OR %s) THEN 1 ELSE 0 END',
        (SELECT string_agg(format('o.%1$I IS DISTINCT FROM n.%1$I', c), ' OR ') FROM unnest(string_to_array(TG_ARGV[3], ',')) c)) INTO names;
    END IF;
    INSERT INTO catalogue_changes (catalogue, version, work_id, rebuild, names) VALUES (cat, v, NULL, 0, names);
    IF TG_OP <> 'DELETE' THEN
      EXECUTE format('INSERT INTO catalogue_changes (catalogue, version, work_id, rebuild, names) SELECT DISTINCT $1, $2, %I, 0, 0 FROM new_rows', col) USING cat, v;
    END IF;
    IF TG_OP <> 'INSERT' THEN
      EXECUTE format('INSERT INTO catalogue_changes (catalogue, version, work_id, rebuild, names) SELECT DISTINCT $1, $2, %I, 0, 0 FROM old_rows', col) USING cat, v;
    END IF;
  END IF;
  IF v % 64 = 0 THEN DELETE FROM catalogue_changes WHERE catalogue = cat AND version <= v - ${KEPT_VERSIONS}; END IF;
  RETURN NULL;
END $$`;

/**
 * Makes every INSERT, UPDATE and DELETE on the tables of `t` bump row `versionId` of
 * catalogue_version and log what it changed in `catalogue_changes` under the new version
 * (src/catalogue/changes.ts reads it): the work ids written (works rows, their links),
 * `names` = 1 when the name lists may have changed, `rebuild` = 1 when every cached list
 * must be rebuilt (a circle, tag or VA renamed or deleted). Every version gets at least
 * one row, so a version without rows (a bump by other means, or pruned) means "unknown".
 * SQLite: row triggers (one version per row); PostgreSQL: statement triggers with
 * transition tables (one version per statement). `prefix` names the triggers.
 * @param {Knex} knex @param {string} prefix @param {number} versionId @param {ChangeTables} t
 */
export async function createChangeTriggers(knex, prefix, versionId, t) {
  if (isPostgres(knex)) {
    await knex.raw(PG_CHANGE_FUNCTION);
    const make = async (table, kind, col) => {
      for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
        const refs = kind === 'names' ? '' : `REFERENCING ${event === 'INSERT' ? 'NEW TABLE AS new_rows' : event === 'DELETE' ? 'OLD TABLE AS old_rows' : 'OLD TABLE AS old_rows NEW TABLE AS new_rows'}`;
        await knex.raw(`CREATE TRIGGER ${prefix}_${table}_${event.toLowerCase()} AFTER ${event} ON ${table} ${refs} FOR EACH STATEMENT EXECUTE FUNCTION catalogue_change('${versionId}', '${kind}', '${col}', '${t.watched.join(',')}')`);
      }
    };
    await make(t.works, 'works', 'id');
    for (const table of t.links) await make(table, 'links', 'work_id');
    for (const table of t.names) await make(table, 'names', '');
    return;
  }
  const current = `FROM catalogue_version WHERE id = ${versionId}`;
  const log = (work, rebuild, names, when = '') => `INSERT INTO catalogue_changes (catalogue, version, work_id, rebuild, names) SELECT ${versionId}, version, ${work}, ${rebuild}, ${names} ${current}${when};`;
  const head = `UPDATE catalogue_version SET version = version + 1 WHERE id = ${versionId};`;
  const prune = `DELETE FROM catalogue_changes WHERE catalogue = ${versionId} AND version <= (SELECT version - ${KEPT_VERSIONS} ${current}) AND (SELECT version % 256 ${current}) = 0;`;
  const trigger = (table, event, body) => knex.raw(`CREATE TRIGGER ${prefix}_${table}_${event.toLowerCase()} AFTER ${event} ON ${table} BEGIN ${head} ${body} ${prune} END`);
  const watched = t.watched.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ');
  await trigger(t.works, 'INSERT', log('NEW.id', 0, 1));
  await trigger(t.works, 'UPDATE', `${log('NEW.id', 0, `(OLD.id IS NOT NEW.id OR ${watched})`)} ${log('OLD.id', 0, 1, ' AND OLD.id IS NOT NEW.id')}`);
  await trigger(t.works, 'DELETE', log('OLD.id', 0, 1));
  for (const table of t.links) {
    await trigger(table, 'INSERT', log('NEW.work_id', 0, 1));
    await trigger(table, 'UPDATE', `${log('NEW.work_id', 0, 1)} ${log('OLD.work_id', 0, 1, ' AND OLD.work_id IS NOT NEW.work_id')}`);
    await trigger(table, 'DELETE', log('OLD.work_id', 0, 1));
  }
  for (const table of t.names) {
    await trigger(table, 'INSERT', log('NULL', 0, 0));
    await trigger(table, 'UPDATE', log('NULL', 1, 1));
    await trigger(table, 'DELETE', log('NULL', 1, 1));
  }
}

/** Drops the triggers createChangeTriggers made. @param {Knex} knex @param {string} prefix @param {ChangeTables} t */
export async function dropChangeTriggers(knex, prefix, t) {
  for (const table of [t.works, ...t.links, ...t.names]) {
    for (const event of ['insert', 'update', 'delete']) await knex.raw(`DROP TRIGGER IF EXISTS ${prefix}_${table}_${event}${isPostgres(knex) ? ` ON ${table}` : ''}`);
  }
}

/**
 * The tables of the users' marks (createMarksTriggers): `table` with its `user_name`, and
 * `when`, the column whose value makes a row a mark (rows where it is NULL are none;
 * absent: every row is one).
 * @typedef {{ table: string, when?: string }} MarksTable
 */

/**
 * Makes every write that changes a user's marks (a row of `tables` inserted, deleted or
 * updated; with `when`, only rows where it is set, and updates of the user, the work or
 * `when`) bump that user's `users.marks_version`, in
 * the writer's own transaction. SQLite: a row trigger per table and event with a WHEN
 * condition; PostgreSQL: the same through one plpgsql function (OLD and NEW are NULL
 * where the event has none, PostgreSQL 11 and later).
 * @param {Knex} knex @param {MarksTable[]} tables
 */
export async function createMarksTriggers(knex, tables) {
  const pg = isPostgres(knex);
  if (pg) {
    await knex.raw(`CREATE OR REPLACE FUNCTION marks_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE users SET marks_version = marks_version + 1 WHERE name IN (OLD.user_name, NEW.user_name); RETURN NULL; END $$`);
  }
  const differ = (column) => (pg ? `OLD.${column} IS DISTINCT FROM NEW.${column}` : `OLD.${column} IS NOT NEW.${column}`);
  for (const { table, when } of tables) {
    const events = {
      INSERT: when ? `NEW.${when} IS NOT NULL` : null,
      UPDATE: when ? ['user_name', 'work_id', when].map(differ).join(' OR ') : null,
      DELETE: when ? `OLD.${when} IS NOT NULL` : null,
    };
    for (const [event, condition] of Object.entries(events)) {
      const name = `marks_${table}_${event.toLowerCase()}`;
      const whenClause = condition ? `WHEN (${condition})` : '';
      await knex.raw(pg
        ? `CREATE TRIGGER ${name} AFTER ${event} ON ${table} FOR EACH ROW ${whenClause} EXECUTE FUNCTION marks_version_bump()`
        : `CREATE TRIGGER ${name} AFTER ${event} ON ${table} FOR EACH ROW ${whenClause} BEGIN
             UPDATE users SET marks_version = marks_version + 1 WHERE name IN (${event === 'INSERT' ? 'NEW.user_name' : event === 'DELETE' ? 'OLD.user_name' : 'OLD.user_name, NEW.user_name'});
           END`);
    }
  }
}

/** Drops the triggers createMarksTriggers made (and PostgreSQL's function). @param {Knex} knex @param {MarksTable[]} tables */
export async function dropMarksTriggers(knex, tables) {
  for (const { table } of tables) {
    for (const event of ['insert', 'update', 'delete']) await knex.raw(`DROP TRIGGER IF EXISTS marks_${table}_${event}${isPostgres(knex) ? ` ON ${table}` : ''}`);
  }
  if (isPostgres(knex)) await knex.raw('DROP FUNCTION IF EXISTS marks_version_bump()');
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
/**
 * PostgreSQL: (re)writes the search documents of the works `ids`. The ids are joined as a
 * set (unnest): `w.id = ANY(ids)` with an array parameter is tested element by element
 * for every row of works, quadratic for a whole catalogue (db copy's refresh of 1,000,000
 * works ran for hours) and for the rename of a tag on many works.
 */
export const PG_SEARCH_REFRESH = `CREATE OR REPLACE FUNCTION work_search_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO work_search(work_id, doc)
  SELECT w.id,
    w.title
    || ' ' || coalesce((SELECT c.name FROM circles c WHERE c.id = w.circle_id), '')
    || ' ' || coalesce((SELECT string_agg(t.name, ' ') FROM work_tags wt JOIN tags t ON t.id = wt.tag_id WHERE wt.work_id = w.id), '')
    || ' ' || coalesce((SELECT string_agg(v.name, ' ') FROM work_vas wv JOIN vas v ON v.id = wv.va_id WHERE wv.work_id = w.id), '')
  FROM (SELECT DISTINCT unnest(ids) AS id) AS u JOIN works w ON w.id = u.id
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
