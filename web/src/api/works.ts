/**
 * Works list calls (spec 000 section 7): which route of the API table a list context uses and the
 * query it sends, in the library or the trial catalogue (GET /api/fake/works with the
 * same parameters plus `status` 0). The lists of section 9 (orders, nsfw and lyric
 * options, the seed) are in src/model (`@model`).
 */
import { WorkStatus, type AdvancedKeyword } from '@model';
import type { Call } from './client';
import { worksRoute, type Scope } from './scope';
import { AUDIO_CATALOGUE, type Catalogue } from '../catalogue';


export type ListContext =
  | { kind: 'all' }
  | { kind: 'circle' | 'tag' | 'va'; id: string }
  | { kind: 'keyword'; keyword: string }
  | { kind: 'advance'; keywords: AdvancedKeyword[] };

/**
 * The list context of /works?circleId|tagId|vaId|keyword, /search and /fake/works?keyword
 * (all or a keyword); `pathname` inside its site (the novel section's without /novel).
 */
export function listContext(pathname: string, params: URLSearchParams, keywords: AdvancedKeyword[]): ListContext {
  if (pathname === '/search') return { kind: 'advance', keywords };
  if (pathname === '/fake/works') {
    const keyword = params.get('keyword');
    return keyword ? { kind: 'keyword', keyword } : { kind: 'all' };
  }
  const circleId = params.get('circleId');
  if (circleId) return { kind: 'circle', id: circleId };
  const tagId = params.get('tagId');
  if (tagId) return { kind: 'tag', id: tagId };
  const vaId = params.get('vaId');
  if (vaId) return { kind: 'va', id: vaId };
  const keyword = params.get('keyword');
  if (keyword) return { kind: 'keyword', keyword };
  return { kind: 'all' };
}

const KIND = { circle: 'circles', tag: 'tags', va: 'vas' } as const;

/** The list call of a list context, in `section` (default the library) of `site` (the audio site's or the novel section's routes). */
export function worksEndpoint(ctx: ListContext, scope: Scope = 'library', catalogue: Catalogue = AUDIO_CATALOGUE): Call & { query: NonNullable<Call['query']> } {
  if (scope === 'trial') return { route: worksRoute('trial'), query: { status: WorkStatus.NewTrial, ...(ctx.kind === 'keyword' && { keyword: ctx.keyword, isAdvance: 0 }) } };
  const { lists } = catalogue;
  switch (ctx.kind) {
    case 'all': return { route: lists.works, query: {} };
    case 'circle': case 'tag': case 'va': return { route: lists[KIND[ctx.kind]], params: { id: ctx.id }, query: {} };
    case 'keyword': return { route: lists.search, query: { keyword: ctx.keyword, isAdvance: 0 } };
    case 'advance': return { route: lists.search, query: { keyword: JSON.stringify(ctx.keywords), isAdvance: 1 } };
  }
}

/** GET of the name of a circle, tag or voice actor (site, tag or author of a novel), or null for other contexts. */
export function nameCall(ctx: ListContext, catalogue: Catalogue = AUDIO_CATALOGUE): Call | null {
  return ctx.kind === 'circle' || ctx.kind === 'tag' || ctx.kind === 'va' ? { route: catalogue.nameRoute(KIND[ctx.kind]), params: { id: ctx.id } } : null;
}

/** Reads the name out of the answer of nameCall (a string, {name} or {data:{name}}). */
export function nameOf(answer: unknown): string {
  if (typeof answer === 'string') return answer;
  if (answer && typeof answer === 'object') {
    const a = answer as { name?: unknown; data?: { name?: unknown } };
    if (typeof a.name === 'string') return a.name;
    if (a.data && typeof a.data.name === 'string') return a.data.name;
  }
  return '';
}
