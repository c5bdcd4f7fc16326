/**
 * Works list calls (spec 000 section 7): which endpoint a list context uses and the
 * query it sends. The lists of section 9 (orders, nsfw and lyric options, the seed) are
 * in src/model (`@model`).
 */
import type { AdvancedKeyword } from '@model';
import type { Query } from './client';
import { AUDIO_SECTION, type Section } from '../section';

export const PAGE_SIZE = 12;

export type ListContext =
  | { kind: 'all' }
  | { kind: 'circle' | 'tag' | 'va'; id: string }
  | { kind: 'keyword'; keyword: string }
  | { kind: 'advance'; keywords: AdvancedKeyword[] };

/** The list context of /works?circleId|tagId|vaId|keyword and /search (`pathname` inside the section: no /novel prefix). */
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

/** The endpoint and extra query of a list context, in `section` (its API prefix: /api or /api/novel). */
export function worksEndpoint(ctx: ListContext, section: Section = AUDIO_SECTION): { path: string; query: Query } {
  const api = section.api;
  switch (ctx.kind) {
    case 'all': return { path: `${api}/works`, query: {} };
    case 'circle': case 'tag': case 'va': return { path: `${api}/${KIND_PATH[ctx.kind]}/${encodeURIComponent(ctx.id)}/works`, query: {} };
    case 'keyword': return { path: `${api}/search`, query: { keyword: ctx.keyword, isAdvance: 0 } };
    case 'advance': return { path: `${api}/search`, query: { keyword: JSON.stringify(ctx.keywords), isAdvance: 1 } };
  }
}

/** GET {api}/{circles|tags|vas}/{id}: the name of a circle, tag or voice actor (site, tag or author of a novel). */
export function namePath(ctx: ListContext, section: Section = AUDIO_SECTION): string | null {
  return ctx.kind === 'circle' || ctx.kind === 'tag' || ctx.kind === 'va' ? `${section.api}/${KIND_PATH[ctx.kind]}/${encodeURIComponent(ctx.id)}` : null;
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
