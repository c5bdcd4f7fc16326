/**
 * The catalogue change log (for cold requests): what each `catalogue_version` changed,
 * written by the triggers of migration 20261226000001_catalogue_changes (both engines,
 * migrations/lib/dialect.js createChangeTriggers) in the writer's own transaction, so it
 * holds whoever wrote (this server, another instance, `audiolib scan` in another process).
 * Every version has at least one row; the version counter's row lock orders the writers, so
 * once version V is read, the rows of every version up to V are committed.
 */
import type { Knex } from 'knex';

/** What changed between two versions of a catalogue. */
export interface CatalogueChange {
  /** The works written (their row or their tag/VA links); lists re-evaluate these only. */
  ids: Set<number>;
  /** Whether the name lists (circles, tags, VAs with their counts) may have changed. */
  names: boolean;
}

/** Log rows read at most; a longer log counts as "everything changed". */
const MAX_ROWS = 2000;

/**
 * The version of catalogue `versionId` now and its changes since version `from`, read in
 * one statement on `conn` (a snapshot transaction when the caller needs the log and the
 * tables to agree); null when the database keeps no version. `change` is null when the
 * changes must count as "everything changed": a circle, tag or VA renamed or deleted, a
 * version without log rows (pruned, or a bump by other means such as `audiolib db copy`),
 * or more than MAX_ROWS rows.
 */
export async function changesSince(conn: Knex, versionId: number, from: number): Promise<{ version: number; change: CatalogueChange | null } | null> {
  const rows: { now: number | string; version: number | string | null; work_id: number | null; rebuild: number | null; names: number | null }[] = await conn('catalogue_version as v')
    .leftJoin('catalogue_changes as c', (j) => j.on('c.catalogue', 'v.id').andOn('c.version', '>', conn.raw('?', [from])).andOn('c.version', '<=', 'v.version'))
    .where('v.id', versionId)
    .select('v.version as now', 'c.version', 'c.work_id', 'c.rebuild', 'c.names')
    .limit(MAX_ROWS + 1);
  if (rows.length === 0) return null;
  const version = Number(rows[0]!.now);
  if (version <= from) return { version, change: { ids: new Set(), names: false } };
  if (rows.length > MAX_ROWS || version - from > MAX_ROWS) return { version, change: null };
  const versions = new Set<number>();
  const change: CatalogueChange = { ids: new Set(), names: false };
  for (const r of rows) {
    if (r.version === null) continue;
    if (Number(r.rebuild)) return { version, change: null };
    versions.add(Number(r.version));
    if (r.work_id !== null) change.ids.add(Number(r.work_id));
    if (Number(r.names)) change.names = true;
  }
  return { version, change: versions.size === version - from ? change : null };
}
