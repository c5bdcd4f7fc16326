/**
 * toJson (src/subsonic/serialise.ts): the JSON form of an answer leaves absent values out,
 * nulls as well as undefined, at any depth, and keeps texts that merely contain "null".
 */
import { describe, expect, it } from 'vitest';
import { toJson } from '../../../src/subsonic/serialise.js';

describe('toJson', () => {
  it('leaves out undefined values', () => {
    expect(toJson('subsonic-response', { status: 'ok', album: [{ id: 'al-1', year: undefined }] })).toBe('{"subsonic-response":{"status":"ok","album":[{"id":"al-1"}]}}');
  });

  it('leaves out nulls at any depth', () => {
    expect(JSON.parse(toJson('r', { a: null, b: { c: null, d: 1 }, e: [{ f: null, g: 'x' }] }))).toEqual({ r: { b: { d: 1 }, e: [{ g: 'x' }] } });
  });

  it('keeps a text holding the letters null, with or without a null beside it', () => {
    expect(toJson('r', { title: 'nullify' })).toBe('{"r":{"title":"nullify"}}');
    expect(toJson('r', { title: 'null', year: null })).toBe('{"r":{"title":"null"}}');
  });
});
