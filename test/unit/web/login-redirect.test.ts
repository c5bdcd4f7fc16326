/**
 * Returning to the asked-for page after signing in (web/src/api/redirect.ts): only a path
 * of this site is followed; every way of naming another origin goes to /main instead.
 */
import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from '../../../web/src/api/redirect.js';

describe('the page to return to after signing in', () => {
  it('follows a path of this site with its query and hash', () => {
    expect(safeRedirect('/work/265946')).toBe('/work/265946');
    expect(safeRedirect('/works?tagId=3&page=2#top')).toBe('/works?tagId=3&page=2#top');
    expect(safeRedirect('/novel/read/12')).toBe('/novel/read/12');
    expect(safeRedirect('/a/../fake/works')).toBe('/fake/works');
  });

  it('never leaves the site: other origins, protocol-relative, backslashes, schemes, control characters', () => {
    for (const evil of [
      'https://evil.example/', 'http:evil.example', '//evil.example/works', '///evil.example', '/\\evil.example', '\\\\evil.example',
      'javascript:alert(1)', 'data:text/html,x', ' /works', '/\tevil', '/%0a', 'works', '', null, undefined,
    ]) {
      const target = safeRedirect(evil);
      expect(target, String(evil)).toMatch(/^\/(?!\/)/);
      expect(new URL(target, 'http://here.test').origin, String(evil)).toBe('http://here.test');
    }
    expect(safeRedirect('//evil.example/works')).toBe('/main');
    expect(safeRedirect('/\\evil.example')).toBe('/main');
    expect(safeRedirect('https://evil.example/')).toBe('/main');
  });

  it('does not return to the login page itself or to the API', () => {
    expect(safeRedirect('/login?redirect=/works')).toBe('/main');
    expect(safeRedirect('/api/auth/me')).toBe('/main');
    expect(safeRedirect('/rest/ping')).toBe('/main');
  });

  it('the guard names the page in /login?redirect=, and nothing for the home page', () => {
    expect(loginPathFor('/work/265946?x=1')).toBe(`/login?redirect=${encodeURIComponent('/work/265946?x=1')}`);
    expect(loginPathFor('/main')).toBe('/login');
    expect(loginPathFor('//evil.example')).toBe('/login');
  });
});
