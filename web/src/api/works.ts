/**
 * Works list calls (spec 000 section 7): which endpoint a list context uses and the
 * query it sends, plus the constants of section 9.
 */
import type { AdvancedKeyword } from '../../../src/api/types';
import type { Query } from './client';

export { formatWorkCode } from '../../../src/library/workcode';

export const PAGE_SIZE = 12;
/** Works sort options, default release (spec 000 section 9). */
export const WORK_ORDERS = ['release', 'rating', 'dl_count', 'price', 'rate_average_2dp', 'review_count', 'id', 'created_at', 'random'] as const;
export type WorkOrder = (typeof WORK_ORDERS)[number];
export const NSFW_OPTIONS = [0, 1, 2] as const;
export const LYRIC_OPTIONS = ['local', 'ai'] as const;

/** A random seed 0..99. */
export function newSeed(): number {
  return Math.floor(Math.random() * 100);
}

/** The lyric parameter: parts sorted and joined by underscore ('ai_local'); empty -> undefined. */
export function lyricParam(parts: readonly string[]): string | undefined {
  return parts.length ? [...parts].sort().join('_') : undefined;
}

export type ListContext =
  | { kind: 'all' }
  | { kind: 'circle' | 'tag' | 'va'; id: string }
  | { kind: 'keyword'; keyword: string }
  | { kind: 'advance'; keywords: AdvancedKeyword[] };

/** The list context of /works?circleId|tagId|vaId|keyword and /search. */
export function listContext(pathname: string, params: URLSearchParams, keywords: AdvancedKeyword[]): ListContext {
  if (pathname === '/search') return { kind: 'advance', keywords };
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

const KIND_PATH = { circle: 'circles', tag: 'tags', va: 'vas' } as const;

/** The endpoint and extra query of a list context. */
export function worksEndpoint(ctx: ListContext): { path: string; query: Query } {
  switch (ctx.kind) {
    case 'all': return { path: '/api/works', query: {} };
    case 'circle': case 'tag': case 'va': return { path: `/api/${KIND_PATH[ctx.kind]}/${encodeURIComponent(ctx.id)}/works`, query: {} };
    case 'keyword': return { path: '/api/search', query: { keyword: ctx.keyword, isAdvance: 0 } };
    case 'advance': return { path: '/api/search', query: { keyword: JSON.stringify(ctx.keywords), isAdvance: 1 } };
  }
}

/** GET /api/{circles|tags|vas}/{id}: the name of a circle, tag or voice actor. */
export function namePath(ctx: ListContext): string | null {
  return ctx.kind === 'circle' || ctx.kind === 'tag' || ctx.kind === 'va' ? `/api/${KIND_PATH[ctx.kind]}/${encodeURIComponent(ctx.id)}` : null;
}

/** Reads the name out of the answer of namePath (a string, {name} or {data:{name}}). */
export function nameOf(answer: unknown): string {
  if (typeof answer === 'string') return answer;
  if (answer && typeof answer === 'object') {
    const a = answer as { name?: unknown; data?: { name?: unknown } };
    if (typeof a.name === 'string') return a.name;
    if (a.data && typeof a.data.name === 'string') return a.data.name;
  }
  return '';
}
