/**
 * THE key table of the TUI (after cmus and mpv): every key is bound to a named
 * action in one place; the input hooks, the help overlay (`?`) and the man page
 * (man/audiolib-tui.1, see manpage.ts) all read this table.
 */
import { FAVOURITE_ORDER_LABELS, LYRIC_LABELS, NOVEL_ORDER_LABELS, NSFW_LABELS, PLAY_MODE_LABELS, PROGRESS_LABELS, WORK_ORDER_LABELS } from './labels.js';

/** Where a binding applies: everywhere, or on one kind of screen. */
export type KeyContext = 'everywhere' | 'list' | 'works' | 'work' | 'queue' | 'favourites' | 'trial' | 'novels';

export type ActionName =
  // everywhere
  | 'pause' | 'seekBack' | 'seekForward' | 'speedDown' | 'speedUp' | 'volumeUp' | 'volumeDown' | 'mute'
  | 'next' | 'previous' | 'playMode' | 'seekTo' | 'search' | 'sleep' | 'lyricEarlier' | 'lyricLater' | 'help' | 'back' | 'quit'
  | 'viewWorks' | 'viewCircles' | 'viewTags' | 'viewVas' | 'viewFavourites' | 'viewQueue' | 'viewPlaying' | 'viewNovels'
  // every list
  | 'down' | 'up' | 'pageDown' | 'pageUp' | 'top' | 'bottom' | 'open'
  // works list
  | 'sortNext' | 'orderToggle' | 'ageRating' | 'lyricFilter'
  // work detail
  | 'append' | 'playNextInQueue' | 'resume' | 'rate' | 'progressMark' | 'review'
  // queue
  | 'remove' | 'empty' | 'moveDown' | 'moveUp'
  // favourites
  | 'favouritesMode' | 'favouritesSort' | 'favouritesOrder' | 'progressFilter'
  // trial list
  | 'viewTrial' | 'dislike';

export interface Binding {
  action: ActionName;
  /** Key tokens (see keyToken): a printable character, or up, down, left, right, enter, esc, space, tab, pgup, pgdn, home, end, C-x. */
  keys: string[];
  context: KeyContext;
  help: string;
}

export const KEY_TABLE: readonly Binding[] = [
  { action: 'down', keys: ['j', 'down'], context: 'list', help: 'move down' },
  { action: 'up', keys: ['k', 'up'], context: 'list', help: 'move up' },
  { action: 'pageDown', keys: ['pgdn', 'C-f'], context: 'list', help: 'page down' },
  { action: 'pageUp', keys: ['pgup', 'C-b'], context: 'list', help: 'page up' },
  { action: 'top', keys: ['g', 'home'], context: 'list', help: 'first row' },
  { action: 'bottom', keys: ['G', 'end'], context: 'list', help: 'last row of the whole list (its pages load)' },
  { action: 'open', keys: ['enter'], context: 'list', help: 'open, or play; a text file (readme, script, lyric) opens in a pager' },

  { action: 'pause', keys: ['space'], context: 'everywhere', help: 'play / pause' },
  { action: 'seekBack', keys: ['h', 'left'], context: 'everywhere', help: 'rewind (shared rewind time, default 5 s)' },
  { action: 'seekForward', keys: ['l', 'right'], context: 'everywhere', help: 'forward (shared forward time, default 30 s)' },
  { action: 'speedDown', keys: ['['], context: 'everywhere', help: 'slower (0.25x steps, down to 0.5x)' },
  { action: 'speedUp', keys: [']'], context: 'everywhere', help: 'faster (0.25x steps, up to 3x)' },
  { action: 'volumeUp', keys: ['+', '='], context: 'everywhere', help: 'volume up (0.04)' },
  { action: 'volumeDown', keys: ['-'], context: 'everywhere', help: 'volume down (0.04)' },
  { action: 'seekTo', keys: [':'], context: 'everywhere', help: 'seek to a typed time: 1:23:45, 83:45 or 45 (seconds)' },
  { action: 'mute', keys: ['m'], context: 'everywhere', help: 'mute / unmute' },
  { action: 'next', keys: ['n'], context: 'everywhere', help: 'next track' },
  { action: 'previous', keys: ['N'], context: 'everywhere', help: 'previous track' },
  { action: 'playMode', keys: ['M'], context: 'everywhere', help: `play mode: ${Object.values(PLAY_MODE_LABELS).join(', ')}` },
  { action: 'lyricEarlier', keys: ['{'], context: 'everywhere', help: 'lyric offset -0.1 s' },
  { action: 'lyricLater', keys: ['}'], context: 'everywhere', help: 'lyric offset +0.1 s' },
  { action: 'sleep', keys: ['z'], context: 'everywhere', help: 'sleep timer: pause at a time of day HH:MM (empty cancels)' },
  { action: 'search', keys: ['/'], context: 'everywhere', help: 'search works (tag:, va:, circle:, fuzzy: for advanced keywords); filter a name list' },
  { action: 'viewWorks', keys: ['1'], context: 'everywhere', help: 'works' },
  { action: 'viewCircles', keys: ['2'], context: 'everywhere', help: 'circles' },
  { action: 'viewTags', keys: ['3'], context: 'everywhere', help: 'tags' },
  { action: 'viewVas', keys: ['4'], context: 'everywhere', help: 'voice actors' },
  { action: 'viewFavourites', keys: ['5'], context: 'everywhere', help: 'favourites: history, reviews, progress, playlists' },
  { action: 'viewQueue', keys: ['6'], context: 'everywhere', help: 'queue' },
  { action: 'viewPlaying', keys: ['7'], context: 'everywhere', help: 'now playing, with lyrics' },
  { action: 'viewTrial', keys: ['8'], context: 'everywhere', help: 'trial catalogue: new works to try' },
  { action: 'viewNovels', keys: ['9'], context: 'everywhere', help: 'novels (read only; add and edit them in the web UI)' },
  { action: 'help', keys: ['?'], context: 'everywhere', help: 'this help' },
  { action: 'back', keys: ['esc'], context: 'everywhere', help: 'back, from a search too (never quits)' },
  { action: 'quit', keys: ['q'], context: 'everywhere', help: 'back, from a search too; quit on a first screen ("quit? [y/N]" while playing)' },

  { action: 'sortNext', keys: ['s'], context: 'works', help: `sort by: ${Object.values(WORK_ORDER_LABELS).join(', ')}` },
  { action: 'orderToggle', keys: ['o'], context: 'works', help: 'ascending / descending' },
  { action: 'ageRating', keys: ['a'], context: 'works', help: `age rating: ${NSFW_LABELS.join(', ')}` },
  { action: 'lyricFilter', keys: ['y'], context: 'works', help: `subtitles: any, ${LYRIC_LABELS.local}, ${LYRIC_LABELS.ai}, either` },

  { action: 'append', keys: ['e'], context: 'work', help: 'add the track (or the folder\'s tracks) to the queue' },
  { action: 'playNextInQueue', keys: ['E'], context: 'work', help: 'play next: insert after the playing track' },
  { action: 'resume', keys: ['r'], context: 'work', help: 'resume the work\'s play history' },
  { action: 'rate', keys: ['R'], context: 'work', help: 'rate the work: 1 to 5 stars (0 or empty clears)' },
  { action: 'progressMark', keys: ['p'], context: 'work', help: `progress mark: ${Object.values(PROGRESS_LABELS).join(', ')}, none` },
  { action: 'review', keys: ['w'], context: 'work', help: 'write a short review (empty clears it)' },

  { action: 'remove', keys: ['x'], context: 'queue', help: 'remove from the queue' },
  { action: 'empty', keys: ['X'], context: 'queue', help: 'empty the queue' },
  { action: 'moveDown', keys: ['J'], context: 'queue', help: 'move the track down' },
  { action: 'moveUp', keys: ['K'], context: 'queue', help: 'move the track up' },

  { action: 'favouritesMode', keys: ['tab'], context: 'favourites', help: 'history, my reviews, my progress, playlists (enter opens one, enter on a track plays the playlist from it)' },
  { action: 'favouritesSort', keys: ['s'], context: 'favourites', help: `sort by: ${Object.values(FAVOURITE_ORDER_LABELS).join(', ')}` },
  { action: 'favouritesOrder', keys: ['o'], context: 'favourites', help: 'ascending / descending' },
  { action: 'progressFilter', keys: ['p'], context: 'favourites', help: `progress: ${Object.values(PROGRESS_LABELS).join(', ')}` },

  { action: 'dislike', keys: ['d'], context: 'trial', help: 'dislike, once y answers "[y/N]": the work leaves the trial list for good' },
  { action: 'sortNext', keys: ['s'], context: 'novels', help: `sort by: ${Object.values(NOVEL_ORDER_LABELS).join(', ')}` },
  { action: 'orderToggle', keys: ['o'], context: 'novels', help: 'ascending / descending' },
];

/** The subset of Ink's key object keyToken, splitKeys and the prompt read. */
export interface InkKey {
  upArrow?: boolean; downArrow?: boolean; leftArrow?: boolean; rightArrow?: boolean;
  pageUp?: boolean; pageDown?: boolean; home?: boolean; end?: boolean;
  return?: boolean; escape?: boolean; tab?: boolean; backspace?: boolean; delete?: boolean;
  shift?: boolean; ctrl?: boolean; meta?: boolean;
}

/** Turns one key of `splitKeys` into a key token of the table (a character as itself), or null. */
export function keyToken(input: string, key: InkKey): string | null {
  if (key.upArrow) return 'up';
  if (key.downArrow) return 'down';
  if (key.leftArrow) return 'left';
  if (key.rightArrow) return 'right';
  if (key.pageUp) return 'pgup';
  if (key.pageDown) return 'pgdn';
  if (key.home) return 'home';
  if (key.end) return 'end';
  if (key.return) return 'enter';
  if (key.escape) return 'esc';
  if (key.tab) return 'tab';
  if (key.ctrl && input) return `C-${input}`;
  if (input === ' ') return 'space';
  return input || null;
}

const SPECIAL: readonly (keyof InkKey)[] = [
  'upArrow', 'downArrow', 'leftArrow', 'rightArrow', 'pageUp', 'pageDown', 'home', 'end',
  'return', 'escape', 'tab', 'backspace', 'delete', 'ctrl', 'meta',
];
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** One character as Ink reads it alone: Enter, Tab, Backspace, Ctrl-letter or text. */
function charKey<K extends InkKey>(ch: string, base: K): { input: string; key: K } {
  const clear = Object.fromEntries(SPECIAL.map((k) => [k, false]));
  const key = { ...base, ...clear, shift: /^[A-Z]$/.test(ch) } as K;
  const code = ch.codePointAt(0)!;
  if (ch === '\r') return { input: ch, key: { ...key, return: true } };
  if (ch === '\t') return { input: '', key: { ...key, tab: true } };
  if (ch === '\b') return { input: '', key: { ...key, backspace: true } };
  if (ch === '\x7f') return { input: '', key: { ...key, delete: true } };
  if (ch.length === 1 && code >= 1 && code <= 26 && ch !== '\n') return { input: String.fromCharCode(code + 96), key: { ...key, ctrl: true } };
  return { input: ch, key };
}

/**
 * Splits what Ink hands over for one read of the terminal into keys, in order. Ink parses
 * an escape sequence (arrows, PgUp, Alt-x) as one key, but passes a run of plain
 * characters as one string: `jjj` typed fast, key repeat over SSH, or `text` + Enter
 * typed into a prompt arrive in one read. Here each character is a key of its own (a
 * user-perceived character: a CJK character or an emoji with its modifiers is one key),
 * with the flags Ink gives it alone (Enter, Tab, Backspace, Ctrl-letter).
 */
export function splitKeys<K extends InkKey>(input: string, key: K): { input: string; key: K }[] {
  if (SPECIAL.some((k) => key[k]) || input.length <= 1) return [{ input, key }];
  const out: { input: string; key: K }[] = [];
  for (const { segment } of graphemes.segment(input)) {
    // A grapheme holding control characters (\r\n is one) is keys of its own.
    const chars = /[\u0000-\u001f\u007f]/.test(segment) ? [...segment] : [segment];
    for (const ch of chars) out.push(charKey(ch, key));
  }
  return out;
}

/** The action bound to `token` in one of `contexts` (earlier contexts win), or null. */
export function actionFor(token: string | null, contexts: readonly KeyContext[]): ActionName | null {
  if (token === null) return null;
  for (const context of contexts) {
    const b = KEY_TABLE.find((x) => x.context === context && x.keys.includes(token));
    if (b) return b.action;
  }
  return null;
}

const DISPLAY: Record<string, string> = {
  up: 'Up', down: 'Down', left: 'Left', right: 'Right', enter: 'Enter', esc: 'Esc', space: 'Space',
  tab: 'Tab', pgup: 'PgUp', pgdn: 'PgDn', home: 'Home', end: 'End',
};

/** A key token as shown in help and the man page: 'Up', 'Ctrl-f', 'j'. */
export function displayKey(token: string): string {
  if (token.startsWith('C-')) return `Ctrl-${token.slice(2)}`;
  return DISPLAY[token] ?? token;
}

/** Section titles of the help overlay and man page, in order. */
export const CONTEXT_TITLES: Record<KeyContext, string> = {
  list: 'Lists',
  everywhere: 'Everywhere',
  works: 'Works list',
  work: 'Work detail',
  queue: 'Queue',
  favourites: 'Favourites',
  trial: 'Trial list (enter plays the downloaded trial)',
  novels: 'Novels',
};
