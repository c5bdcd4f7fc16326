/**
 * Novels' publish times in one stored form, `YYYY-MM-DDTHH:MM` (src/model/novel.ts
 * novelPublishTime, which the add form's validation now applies), so that the list's
 * publish_datetime order sorts them as dates: a time kept as it was given (`2024/3/5`,
 * `2024.03.05 18:30`, `2024-03-05T18:30:15Z`) is rewritten, a text that is not a date
 * (`not a date`, `2024-02-30`) becomes none. A migration keeps its own copy of the rule:
 * it must do what it did when it was written. Not reversible (the given forms are gone):
 * down does nothing.
 * @param {import('knex').Knex} knex
 */
export async function up(knex) {
  const rows = await knex('novels').whereNotNull('release').select('id', 'release');
  for (const row of rows) {
    const time = publishTime(String(row.release));
    if (time !== row.release) await knex('novels').where({ id: row.id }).update({ release: time || null });
  }
}

/** @param {import('knex').Knex} _knex */
export async function down(_knex) {}

/** @param {string} text @returns {string | null} the stored form, '' for blank, null when not a date */
function publishTime(text) {
  const t = text.trim();
  if (!t) return '';
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(t);
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0] = m.slice(1).map((s) => (s === undefined ? undefined : Number(s)));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  const p2 = (n) => String(n).padStart(2, '0');
  return `${year}-${p2(month)}-${p2(day)}T${p2(hour)}:${p2(minute)}`;
}
