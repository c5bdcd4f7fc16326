/**
 * The HVDB parser on the recorded page (test/fixtures/hvdb/RJ222837.html); expected values
 * read off the HTML.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hvdbWorkUrl, parseHvdbPage } from '../../../src/metadata/hvdb.js';
import { ParseError } from '../../../src/metadata/dlsite.js';

const html = fs.readFileSync(path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'hvdb', 'RJ222837.html'), 'utf8');

describe('parseHvdbPage', () => {
  it('reads RJ222837', () => {
    expect(parseHvdbPage(html)).toEqual({
      id: 222837,
      title: '籠の鳥',
      titleEn: 'Caged Bird',
      circle: { id: 4898, name: '骨格ゼロ動物 / Kokkaku Zero Doubutsu' },
      tags: [
        { id: 371, name: 'brunette hair' },
        { id: 413, name: 'fellatio' },
        { id: 81, name: 'oral cumshot' },
        { id: 1389, name: 'removed work' },
        { id: 112, name: 'shrine maiden' },
        { id: 56, name: 'swallowing' },
        { id: 191, name: 'tentacle' },
      ],
      vas: ['Kazuna Sayaka', '計名さや香'],
      sfw: false, // the SFW box is not checked
    });
  });

  it('reads a checked SFW box', () => {
    const sfw = html.replace('id="SFW" name="SFW" type="checkbox"', 'id="SFW" name="SFW" type="checkbox" checked="checked"');
    expect(parseHvdbPage(sfw).sfw).toBe(true);
  });

  it('refuses a page that is not a work page', () => {
    expect(() => parseHvdbPage('<html><body>Work not found</body></html>')).toThrow(ParseError);
  });

  it('builds the page URL from the numeric id', () => {
    expect(hvdbWorkUrl('https://hvdb.me/', 222837)).toBe('https://hvdb.me/Dashboard/WorkDetails/222837');
  });
});
