/**
 * Works list calls (spec 000 section 7): which endpoint a list context uses and the
 * query it sends, in the library or the trial catalogue (GET /api/fake/works with the
 * same parameters plus `status` 0). The lists of section 9 (orders, nsfw and lyric
 * options, the seed) are in src/model (`@model`).
 */
import { WorkStatus, type AdvancedKeyword } from '@model';
import type { Query } from './client';
import { worksApi, type Section } from './section';
import { AUDIO_SITE, type Site } from '../site';


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

const KIND_PATH = { circle: 'circles', tag: 'tags', va: 'vas' } as const;

/**
 * The endpoint and extra query of a list context, in `section` (default the library) of
 * `site` (its API prefix: /api, or the novel section's /api/novel).
 */
export function worksEndpoint(ctx: ListContext, section: Section = 'library', site: Site = AUDIO_SITE): { path: string; query: Query } {
  if (section === 'trial') return { path: worksApi('trial'), query: { status: WorkStatus.NewTrial, ...(ctx.kind === 'keyword' && { keyword: ctx.keyword, isAdvance: 0 }) } };
  const api = site.api;
  switch (ctx.kind) {
    case 'all': return { path: `${api}/works`, query: {} };
    case 'circle': case 'tag': case 'va': return { path: `${api}/${KIND_PATH[ctx.kind]}/${encodeURIComponent(ctx.id)}/works`, query: {} };
    case 'keyword': return { path: `${api}/search`, query: { keyword: ctx.keyword, isAdvance: 0 } };
    case 'advance': return { path: `${api}/search`, query: { keyword: JSON.stringify(ctx.keywords), isAdvance: 1 } };
  }
}

/** GET {api}/{circles|tags|vas}/{id}: the name of a circle, tag or voice actor (site, tag or author of a novel). */
export function namePath(ctx: ListContext, site: Site = AUDIO_SITE): string | null {
  return ctx.kind === 'circle' || ctx.kind === 'tag' || ctx.kind === 'va' ? `${site.api}/${KIND_PATH[ctx.kind]}/${encodeURIComponent(ctx.id)}` : null;
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
