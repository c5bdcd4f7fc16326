/**
 * Which works a list shows (spec 000 sections 7 and 9): visibility, age rating, lyric
 * status, circle/tag/VA, plain keyword and advanced keywords, and for the players' API
 * (src/subsonic) a release date range and a library root. Each function adds
 * WHERE clauses on the works alias `w` of a knex query.
 */
import type { Knex } from 'knex';
import {
  lyricStatusesWith, parseWorkIdInput, type AdvancedKeyword, type LyricPart, type NsfwOption,
} from '../model/index.js';
import type { Scope } from './visible.js';
import { AUDIO_CATALOGUE, type AnyCatalogue } from './definition.js';
import { dialectOf, likeContains } from '../db/dialect/index.js';

/** Which visible works (visible.ts) a list shows. */
export interface WorkFilter {
  /** The catalogue: the library (default) or the trial catalogue; both for favourites and history. */
  scope?: Scope | readonly Scope[];
  /** One status of the scope only (the trial list's `status`, DESIGN section 7). */
  status?: number;
  /** Age rating: 0 all, 1 all ages only, 2 adults only (R18). */
  nsfw: NsfwOption;
  /** Works having any of these lyric kinds; empty = no lyric filter. */
  lyric: LyricPart[];
  circleId?: number;
  tagId?: number;
  vaId?: string;
  /** Plain keyword: a work code, else words that must all match. */
  keyword?: string;
  /** Advanced keywords, all ANDed. */
  advanced?: AdvancedKeyword[];
  /** Release dates between these days, inclusive ('YYYY-MM-DD'); works without a date are left out. */
  released?: { from: string; to: string };
  /** Works found under the configured root of this name (works.root_folder). */
  rootFolder?: string;
  /** Only works without the store's metadata (`metadata_source` other than 'dlsite': folder data or HVDB's); audio catalogue only. */
  noStoreData?: boolean;
}

/** Every visible work of the library, no other condition. */
export const LIBRARY: WorkFilter = { nsfw: 0, lyric: [] };

/** Every visible work of the library or the trial catalogue (favourites and history: a trial work is rated and played too). */
export const LIBRARY_AND_TRIAL: WorkFilter = { nsfw: 0, lyric: [], scope: ['library', 'trial'] };

/**
 * Adds "the work's title, circle name, a tag name or a VA name contains `text`"
 * (case-insensitive), through the catalogue's keyword index (`work_search`, the
 * dialect's searchMatch) when it has one.
 */
export function whereTextMatches(db: Knex, qb: Knex.QueryBuilder, text: string, def: AnyCatalogue = AUDIO_CATALOGUE): void {
  if (def.searchTable) {
    const { sql, bindings } = dialectOf(db).searchMatch(def.searchTable, text, def.searchOnly);
    qb.whereRaw(sql, bindings);
    return;
  }
  const t = def.tables;
  const like = likeContains(text.toLowerCase());
  qb.where((or) => {
    or.whereRaw(`lower(w.title) LIKE ? ESCAPE '\\'`, [like])
      .orWhereRaw(`w.circle_id IN (SELECT id FROM ${t.circles} WHERE lower(name) LIKE ? ESCAPE '\\')`, [like])
      .orWhereRaw(`w.id IN (SELECT wt.work_id FROM ${t.workTags} wt JOIN ${t.tags} t ON t.id = wt.tag_id WHERE lower(t.name) LIKE ? ESCAPE '\\')`, [like])
      .orWhereRaw(`w.id IN (SELECT wv.work_id FROM ${t.workVas} wv JOIN ${t.vas} v ON v.id = wv.va_id WHERE lower(v.name) LIKE ? ESCAPE '\\')`, [like]);
  });
}

/**
 * Plain keyword (spec 000 section 2 header search): a work code with or without its
 * prefix, 6 or 8 digits or 7 for an 8-digit code without its leading zero ('RJ01012345',
 * 'RJ1012345', '1012345', 'rj299717', '299717'; parseWorkIdInput) finds that work; any other
 * text is split on blanks and every word must match (whereTextMatches).
 */
export function wherePlainKeyword(db: Knex, qb: Knex.QueryBuilder, keyword: string, def: AnyCatalogue = AUDIO_CATALOGUE): void {
  const id = parseWorkIdInput(keyword);
  if (id !== null) {
    qb.where('w.id', id);
    return;
  }
  for (const word of keyword.split(/\s+/).filter(Boolean)) whereTextMatches(db, qb, word, def);
}

/**
 * One advanced keyword {t, d} (spec 000 section 3): `unknown` = a plain keyword (code or
 * words), `fuzzy` = the whole text matches title, circle, tag or VA, or is the work's code
 * (as a plain keyword reads codes), `VA`/`tag`/`circle` =
 * the work has a VA / tag / circle whose name contains the text (case-insensitive).
 */
export function whereAdvancedKeyword(db: Knex, qb: Knex.QueryBuilder, { t, d }: AdvancedKeyword, def: AnyCatalogue = AUDIO_CATALOGUE): void {
  const text = d.trim();
  const n = def.tables;
  const like = likeContains(text.toLowerCase());
  switch (t) {
    case 'unknown':
      return wherePlainKeyword(db, qb, text, def);
    case 'fuzzy': {
      // a work code (the default type is fuzzy, so a code typed into advanced search lands here) finds that work
      // too, as well as the works whose names contain the text
      const id = parseWorkIdInput(text);
      if (id === null) return whereTextMatches(db, qb, text, def);
      qb.where((or) => {
        or.where('w.id', id).orWhere((inner) => whereTextMatches(db, inner, text, def));
      });
      return;
    }
    case 'VA':
      qb.whereRaw(`w.id IN (SELECT wv.work_id FROM ${n.workVas} wv JOIN ${n.vas} v ON v.id = wv.va_id WHERE lower(v.name) LIKE ? ESCAPE '\\')`, [like]);
      return;
    case 'tag':
      qb.whereRaw(`w.id IN (SELECT wt.work_id FROM ${n.workTags} wt JOIN ${n.tags} tg ON tg.id = wt.tag_id WHERE lower(tg.name) LIKE ? ESCAPE '\\')`, [like]);
      return;
    case 'circle':
      qb.whereRaw(`w.circle_id IN (SELECT id FROM ${n.circles} WHERE lower(name) LIKE ? ESCAPE '\\')`, [like]);
      return;
  }
}

/**
 * Adds every clause of `f` to `qb` (works alias `w` of catalogue `def`). Only works
 * visible in the filter's scope (visible.ts; the definition's rule).
 */
export function applyWorkFilter(db: Knex, qb: Knex.QueryBuilder, f: WorkFilter, def: AnyCatalogue = AUDIO_CATALOGUE): void {
  def.whereVisible(qb, f.scope, { alias: 'w' });
  if (f.status !== undefined) qb.where('w.status', f.status);
  if (f.nsfw === 1) qb.where('w.nsfw', false);
  if (f.nsfw === 2) qb.where('w.nsfw', true);
  if (f.lyric.length > 0) qb.whereIn('w.lyric_status', [...new Set(f.lyric.flatMap(lyricStatusesWith))]);
  if (f.circleId !== undefined) qb.where('w.circle_id', f.circleId);
  if (f.tagId !== undefined) qb.whereRaw(`w.id IN (SELECT work_id FROM ${def.tables.workTags} WHERE tag_id = ?)`, [f.tagId]);
  if (f.vaId !== undefined) qb.whereRaw(`w.id IN (SELECT work_id FROM ${def.tables.workVas} WHERE va_id = ?)`, [f.vaId]);
  if (f.released) qb.whereBetween('w.release', [f.released.from, f.released.to]);
  if (f.rootFolder !== undefined) qb.where('w.root_folder', f.rootFolder);
  if (f.noStoreData) qb.whereNot('w.metadata_source', 'dlsite');
  if (f.keyword?.trim()) wherePlainKeyword(db, qb, f.keyword.trim(), def);
  for (const k of f.advanced ?? []) if (k.d.trim()) whereAdvancedKeyword(db, qb, k, def);
}

/** Whether the filter needs a text search (results worth caching as a whole). */
export const hasTextSearch = (f: WorkFilter) => Boolean(f.keyword?.trim()) || (f.advanced ?? []).some((k) => k.d.trim());
