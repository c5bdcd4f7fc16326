/**
 * THE key table of the TUI (issue 7, after cmus and mpv): every key is bound to a named
 * action in one place; the input hooks, the help overlay (`?`) and the man page
 * (man/audiolib-tui.1, see manpage.ts) all read this table.
 */

/** Where a binding applies: everywhere, or on one kind of screen. */
export type KeyContext = 'everywhere' | 'list' | 'works' | 'work' | 'queue' | 'favourites' | 'trial';

export type ActionName =
  // everywhere
  | 'pause' | 'seekBack' | 'seekForward' | 'speedDown' | 'speedUp' | 'volumeUp' | 'volumeDown' | 'mute'
  | 'next' | 'previous' | 'playMode' | 'search' | 'sleep' | 'lyricEarlier' | 'lyricLater' | 'help' | 'back'
  | 'viewWorks' | 'viewCircles' | 'viewTags' | 'viewVas' | 'viewFavourites' | 'viewQueue' | 'viewPlaying'
  // every list
  | 'down' | 'up' | 'pageDown' | 'pageUp' | 'top' | 'bottom' | 'open'
  // works list
  | 'sortNext' | 'orderToggle' | 'ageRating' | 'lyricFilter'
  // work detail
  | 'append' | 'playNextInQueue' | 'resume'
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
  { action: 'bottom', keys: ['G', 'end'], context: 'list', help: 'last row' },
  { action: 'open', keys: ['enter'], context: 'list', help: 'open, or play' },

  { action: 'pause', keys: ['space'], context: 'everywhere', help: 'play / pause' },
  { action: 'seekBack', keys: ['h', 'left'], context: 'everywhere', help: 'rewind (shared rewind time, default 5 s)' },
  { action: 'seekForward', keys: ['l', 'right'], context: 'everywhere', help: 'forward (shared forward time, default 30 s)' },
  { action: 'speedDown', keys: ['['], context: 'everywhere', help: 'slower (0.25x steps, down to 0.5x)' },
  { action: 'speedUp', keys: [']'], context: 'everywhere', help: 'faster (0.25x steps, up to 3x)' },
  { action: 'volumeUp', keys: ['+', '='], context: 'everywhere', help: 'volume up (0.04)' },
  { action: 'volumeDown', keys: ['-'], context: 'everywhere', help: 'volume down (0.04)' },
  { action: 'mute', keys: ['M'], context: 'everywhere', help: 'mute / unmute' },
  { action: 'next', keys: ['n'], context: 'everywhere', help: 'next track' },
  { action: 'previous', keys: ['N'], context: 'everywhere', help: 'previous track' },
  { action: 'playMode', keys: ['m'], context: 'everywhere', help: 'play mode: order, all repeat, repeat once, shuffle' },
  { action: 'lyricEarlier', keys: ['{'], context: 'everywhere', help: 'lyric offset -0.1 s' },
  { action: 'lyricLater', keys: ['}'], context: 'everywhere', help: 'lyric offset +0.1 s' },
  { action: 'sleep', keys: ['z'], context: 'everywhere', help: 'sleep timer: pause at a time of day HH:MM (empty cancels)' },
  { action: 'search', keys: ['/'], context: 'everywhere', help: 'search works (tag:, va:, circle:, fuzzy: for advanced keywords); filter a name list' },
  { action: 'viewWorks', keys: ['1'], context: 'everywhere', help: 'works' },
  { action: 'viewCircles', keys: ['2'], context: 'everywhere', help: 'circles' },
  { action: 'viewTags', keys: ['3'], context: 'everywhere', help: 'tags' },
  { action: 'viewVas', keys: ['4'], context: 'everywhere', help: 'voice actors' },
  { action: 'viewFavourites', keys: ['5'], context: 'everywhere', help: 'favourites: history, reviews, progress' },
  { action: 'viewQueue', keys: ['6'], context: 'everywhere', help: 'queue' },
  { action: 'viewPlaying', keys: ['7'], context: 'everywhere', help: 'now playing, with lyrics' },
  { action: 'viewTrial', keys: ['8'], context: 'everywhere', help: 'trial catalogue: new works to try' },
  { action: 'help', keys: ['?'], context: 'everywhere', help: 'this help' },
  { action: 'back', keys: ['q', 'esc'], context: 'everywhere', help: 'back; quit on the first screen' },

  { action: 'sortNext', keys: ['s'], context: 'works', help: 'sort by: release, rating, sales, price, average, reviews, id, added, random' },
  { action: 'orderToggle', keys: ['o'], context: 'works', help: 'ascending / descending' },
  { action: 'ageRating', keys: ['a'], context: 'works', help: 'age rating: all, all ages, R18' },
  { action: 'lyricFilter', keys: ['y'], context: 'works', help: 'lyric filter: any, local, ai, local or ai' },

  { action: 'append', keys: ['e'], context: 'work', help: 'add the track (or the folder\'s tracks) to the queue' },
  { action: 'playNextInQueue', keys: ['E'], context: 'work', help: 'play next: insert after the playing track' },
  { action: 'resume', keys: ['r'], context: 'work', help: 'resume the work\'s play history' },

  { action: 'remove', keys: ['x'], context: 'queue', help: 'remove from the queue' },
  { action: 'empty', keys: ['X'], context: 'queue', help: 'empty the queue' },
  { action: 'moveDown', keys: ['J'], context: 'queue', help: 'move the track down' },
  { action: 'moveUp', keys: ['K'], context: 'queue', help: 'move the track up' },

  { action: 'favouritesMode', keys: ['tab'], context: 'favourites', help: 'history, my reviews, my progress' },
  { action: 'favouritesSort', keys: ['s'], context: 'favourites', help: 'sort: updated, my rating, release, reviews, sales, all ages, R18' },
  { action: 'favouritesOrder', keys: ['o'], context: 'favourites', help: 'ascending / descending' },
  { action: 'progressFilter', keys: ['p'], context: 'favourites', help: 'progress: marked, listening, listened, replay, postponed' },

  { action: 'dislike', keys: ['d'], context: 'trial', help: 'dislike: the work leaves the trial list for good' },
];

/** The subset of Ink's key object keyToken reads. */
export interface InkKey {
  upArrow?: boolean; downArrow?: boolean; leftArrow?: boolean; rightArrow?: boolean;
  pageUp?: boolean; pageDown?: boolean; home?: boolean; end?: boolean;
  return?: boolean; escape?: boolean; tab?: boolean; shift?: boolean; ctrl?: boolean; meta?: boolean;
}

/** Turns Ink's `(input, key)` into a key token of the table, or null. */
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
  return input.length === 1 ? input : null;
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

/** The keys of an action as people write them ('j, Down'). */
export function keysOf(action: ActionName): string {
  const b = KEY_TABLE.find((x) => x.action === action);
  return b ? b.keys.map(displayKey).join(', ') : '';
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
};
