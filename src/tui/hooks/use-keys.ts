/**
 * Key handling. The App reads the keyboard through ONE Ink input subscription, made at
 * start; the current screen registers its handler and key contexts here at commit
 * (layout effect), so a key typed right after a screen appears is never lost (Ink
 * subscribes hooks' input in passive effects, which may run after the next key).
 */
import React, { useCallback, useContext, useLayoutEffect, useRef } from 'react';
import { useInput, type Key } from 'ink';
import type { ActionName, KeyContext } from '../keys.js';

export interface ScreenKeys { contexts: readonly KeyContext[]; handler(action: ActionName): void }

/** Where the current screen's handler lives; the App reads it on each key. */
export const ScreenKeysContext = React.createContext<React.MutableRefObject<ScreenKeys | null> | null>(null);

/** Registers the screen's `handler` for the actions of `contexts` while `active`. */
export function useActions(contexts: readonly KeyContext[], active: boolean, handler: (action: ActionName) => void): void {
  const slot = useContext(ScreenKeysContext);
  const entry = useRef<ScreenKeys>({ contexts, handler });
  useLayoutEffect(() => {
    entry.current.contexts = contexts;
    entry.current.handler = handler;
    if (!slot) return;
    if (active) slot.current = entry.current;
    else if (slot.current === entry.current) slot.current = null;
  });
  useLayoutEffect(() => () => { if (slot && slot.current === entry.current) slot.current = null; }, [slot]);
}

/** useInput with the latest handler always (read at commit): the App's one subscription. */
export function useLatestInput(handler: (input: string, key: Key) => void): void {
  const ref = useRef(handler);
  useLayoutEffect(() => { ref.current = handler; });
  const stable = useCallback((input: string, key: Key) => ref.current(input, key), []);
  useInput(stable);
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
