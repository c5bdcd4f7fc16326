/**
 * The session every screen reads through React context: the data source, the player
 * (null when no audio program was found), the shared seek steps, notices and navigation.
 */
import React from 'react';
import type { PlayerAction, PlayerState } from '../player/index.js';
import type { PlayerController } from './player/controller.js';
import type { DataSource, SharedConfig } from './data/source.js';
import type { View } from './views.js';

/** A player action, or one made from the player's state when it runs (steps of volume and speed). */
export type PlayerIntent = PlayerAction | ((state: PlayerState) => PlayerAction);

export interface Session {
  source: DataSource;
  player: PlayerController | null;
  /** Why there is no player (install hint), or null. */
  playerMissing: string | null;
  seek: SharedConfig;
  /** Shows a notice on the message line ('error' in red). */
  notify(message: string, kind?: 'info' | 'error'): void;
  /** Runs a player action (kept until the player joins while it starts), or shows why nothing can play. */
  dispatch(intent: PlayerIntent): void;
  push(view: View): void;
  /** Replaces fields of the current view (cursor, filters). */
  update(patch: Partial<View>): void;
  /** Opens a one-line prompt on the message line with `label` and the text `value`; Enter hands the text to `submit`, Esc cancels. */
  ask(label: string, value: string, submit: (text: string) => void): void;
  /** Asks `question` with [y/N] on the message line, as quitting does: y runs `yes`, any other key cancels. */
  confirm(question: string, yes: () => void): void;
}

export const SessionContext = React.createContext<Session | null>(null);

export function useSession(): Session {
  const s = React.useContext(SessionContext);
  if (!s) throw new Error('useSession outside the TUI app');
  return s;
}
