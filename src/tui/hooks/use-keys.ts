/**
 * Key handling. The App reads the keyboard through ONE Ink input subscription, made at
 * start; the current screen registers its handler and key contexts here at commit
 * (layout effect), so a key typed right after a screen appears is never lost (Ink
 * subscribes hooks' input in passive effects, which may run after the next key).
 * Several keys read at once are split and handled one per frame, in order; keys typed
 * while the screen loads its list wait for it (useKeyQueue).
 */
import React, { useCallback, useContext, useLayoutEffect, useRef, useState } from 'react';
import { useInput, type Key } from 'ink';
import { splitKeys, type ActionName, type KeyContext } from '../keys.js';

export interface ScreenKeys {
  contexts: readonly KeyContext[];
  handler(action: ActionName): void;
  /** False while the screen loads what its keys act on (its first page, the work): keys wait. */
  ready: boolean;
}

/** Where the current screen's handler lives; the App reads it on each key. */
export const ScreenKeysContext = React.createContext<React.MutableRefObject<ScreenKeys | null> | null>(null);

/** Registers the screen's `handler` for the actions of `contexts` while `active`; `ready` as in ScreenKeys. */
export function useActions(contexts: readonly KeyContext[], active: boolean, handler: (action: ActionName) => void, ready = true): void {
  const slot = useContext(ScreenKeysContext);
  const entry = useRef<ScreenKeys>({ contexts, handler, ready });
  useLayoutEffect(() => {
    entry.current.contexts = contexts;
    entry.current.handler = handler;
    entry.current.ready = ready;
    if (!slot) return;
    if (active) slot.current = entry.current;
    else if (slot.current === entry.current) slot.current = null;
  });
  useLayoutEffect(() => () => { if (slot && slot.current === entry.current) slot.current = null; }, [slot]);
}

/** The longest a key waits for a loading screen before it is handled anyway, ms. */
export const KEY_HOLD_MS = 2000;
const KEY_RECHECK_MS = 20;

interface WaitingKey { input: string; key: Key; since: number }

/**
 * The App's one keyboard subscription. Each read of the terminal is split into keys
 * (`splitKeys`: fast typing, key repeat over SSH and text + Enter typed into a prompt
 * arrive in one read), and the keys are handled in order, one per frame: the next key
 * runs after the frame of the one before, so it sees the cursor, view and prompt that
 * key left. While `ready()` is false (the screen loads its list) keys wait, at most
 * KEY_HOLD_MS, so a key typed at the first frame acts on the list it was typed at.
 * Ctrl-C never waits. The handler read is always the one of the latest commit.
 */
export function useKeyQueue(handler: (input: string, key: Key) => void, ready: () => boolean): void {
  const latest = useRef({ handler, ready });
  useLayoutEffect(() => { latest.current = { handler, ready }; });
  const waiting = useRef<WaitingKey[]>([]);
  const nextTurn = useRef<NodeJS.Immediate | null>(null);
  const recheck = useRef<NodeJS.Timeout | null>(null);
  const [, setTurn] = useState(0);

  /**
   * Handles the first waiting key unless the screen still loads (then looks again in
   * KEY_RECHECK_MS: the screen's load renders the screen, not the App); the frame of
   * the key brings the next turn.
   */
  const step = useCallback(() => {
    const first = waiting.current[0];
    if (!first || recheck.current) return;
    const wait = first.since + KEY_HOLD_MS - Date.now();
    if (wait > 0 && !latest.current.ready()) {
      recheck.current = setTimeout(() => { recheck.current = null; step(); }, Math.min(wait, KEY_RECHECK_MS));
      return;
    }
    waiting.current.shift();
    latest.current.handler(first.input, first.key);
    setTurn((t) => t + 1);
  }, []);

  // After each frame: the next waiting key, in a task of its own (one frame per key).
  useLayoutEffect(() => {
    if (waiting.current.length && !nextTurn.current) nextTurn.current = setImmediate(() => { nextTurn.current = null; step(); });
  });
  useLayoutEffect(() => () => {
    if (nextTurn.current) clearImmediate(nextTurn.current);
    if (recheck.current) clearTimeout(recheck.current);
  }, []);

  const onInput = useCallback((input: string, key: Key) => {
    const idle = waiting.current.length === 0;
    for (const k of splitKeys(input, key)) {
      if (k.key.ctrl && k.input === 'c') { waiting.current = []; latest.current.handler(k.input, k.key); return; }
      waiting.current.push({ ...k, since: Date.now() });
    }
    if (idle) step();
  }, [step]);
  useInput(onInput);
}

/** The cursor after a list movement action, or null when the action is not one. */
export function moveCursor(action: ActionName, cursor: number, count: number, page: number): number | null {
  const last = Math.max(0, count - 1);
  switch (action) {
    case 'down': return Math.min(last, cursor + 1);
    case 'up': return Math.max(0, cursor - 1);
    case 'pageDown': return Math.min(last, cursor + page);
    case 'pageUp': return Math.max(0, cursor - page);
    case 'top': return 0;
    case 'bottom': return last;
    default: return null;
  }
}
