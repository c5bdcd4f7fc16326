/** The key table: one action per key on every screen, the help overlay and the man page from it. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEY_TABLE, actionFor, keyToken, splitKeys, type KeyContext } from '../../src/tui/keys.js';
import { renderManPage } from '../../src/tui/manpage.js';
import { helpLines } from '../../src/tui/screens/help.js';

const screens: KeyContext[][] = [['works', 'list', 'everywhere'], ['work', 'list', 'everywhere'], ['queue', 'list', 'everywhere'], ['favourites', 'list', 'everywhere'], ['trial', 'list', 'everywhere'], ['list', 'everywhere']];

describe('key table', () => {
  it('binds each key to at most one action on every screen', () => {
    for (const contexts of screens) {
      const seen = new Map<string, string>();
      for (const b of KEY_TABLE.filter((x) => contexts.includes(x.context))) {
        for (const k of b.keys) {
          expect(seen.get(k), `${k} bound twice on ${contexts[0]}`).toBeUndefined();
          seen.set(k, b.action);
        }
      }
    }
  });

  it('has the keys of cmus and mpv', () => {
    const on = (token: string, context: KeyContext = 'list') => actionFor(token, [context, 'list', 'everywhere']);
    expect([on('j'), on('down'), on('k'), on('up'), on('enter'), on('space')]).toEqual(['down', 'down', 'up', 'up', 'open', 'pause']);
    expect([on('h'), on('left'), on('l'), on('right')]).toEqual(['seekBack', 'seekBack', 'seekForward', 'seekForward']);
    expect([on('['), on(']'), on('+'), on('-'), on('n'), on('N'), on('/'), on('m'), on('q'), on('esc'), on('?')])
      .toEqual(['speedDown', 'speedUp', 'volumeUp', 'volumeDown', 'next', 'previous', 'search', 'mute', 'quit', 'back', 'help']);
    // mpv's mute key mutes everywhere, the work screen included; the play mode is on M, the typed seek on ':'.
    expect([on('m', 'work'), on('M'), on(':')]).toEqual(['mute', 'playMode', 'seekTo']);
    expect([on('R', 'work'), on('p', 'work'), on('w', 'work')]).toEqual(['rate', 'progressMark', 'review']);
  });

  it('reads Ink key objects as tokens', () => {
    expect(keyToken('', { upArrow: true })).toBe('up');
    expect(keyToken(' ', {})).toBe('space');
    expect(keyToken('f', { ctrl: true })).toBe('C-f');
    expect(keyToken('N', { shift: true })).toBe('N');
  });

  it('splits one read into keys: characters one by one, a CJK character or an emoji as one key', () => {
    const tokens = (input: string) => splitKeys(input, {}).map(({ input: i, key }) => keyToken(i, key));
    expect(tokens('jjj')).toEqual(['j', 'j', 'j']);
    expect(tokens('ab c\r')).toEqual(['a', 'b', 'space', 'c', 'enter']);
    expect(tokens('雨音\r')).toEqual(['雨', '音', 'enter']);
    expect(tokens('👍🏽x')).toEqual(['👍🏽', 'x']);
    expect(tokens('j\u0006G\t')).toEqual(['j', 'C-f', 'G', 'tab']);
    expect(splitKeys<{ delete?: boolean }>('ab\u007f', {}).at(-1)!.key.delete).toBe(true);
    // A key Ink parsed (an escape sequence) stays whole.
    expect(splitKeys('', { downArrow: true })).toEqual([{ input: '', key: { downArrow: true } }]);
  });

  it('the help overlay lists every binding', () => {
    const text = helpLines().map((l) => l.text).join('\n');
    for (const b of KEY_TABLE) expect(text).toContain(b.help);
  });

  it('man/audiolib-tui.1 is the page generated from the table', () => {
    const page = fs.readFileSync(path.resolve(import.meta.dirname, '../../man/audiolib-tui.1'), 'utf8');
    expect(page).toBe(renderManPage());
    expect(page).toContain('play / pause');
  });
});
