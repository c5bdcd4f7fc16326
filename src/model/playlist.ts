/**
 * Playlists on the wire (src/playlists/README.md): what GET /api/playlists and
 * /api/playlists/{id} answer and the limits every client checks against. Times are ISO
 * 8601, durations seconds. Pure: nothing else of the project.
 */

/** Most tracks one playlist holds. */
export const PLAYLIST_MAX_ENTRIES = 5000;
/** Longest playlist name and comment, in characters. */
export const PLAYLIST_NAME_MAX = 200;
export const PLAYLIST_COMMENT_MAX = 2000;

/** A playlist as lists show it. `mine`: the caller owns it (and may change it). */
export interface PlaylistSummary {
  id: number;
  name: string;
  comment: string;
  public: boolean;
  owner: string;
  mine: boolean;
  created_at: string;
  changed_at: string;
  /** Entries, unavailable ones included. */
  entryCount: number;
  /** Seconds of the available entries. */
  duration: number;
  /** The work whose cover pictures the playlist: its first available entry's (`trial`: of the trial catalogue); null without one. */
  coverWork: { id: number; trial: boolean } | null;
}

/**
 * One track of a playlist, at `position` (from 0). `hash` is the track hash (`12/7`, a
 * trial work's `rj12/7`); `available` false when the file or its work is gone or hidden
 * (the entry stays, and plays nothing). `title` is the file name.
 */
export interface PlaylistEntry {
  id: number;
  position: number;
  hash: string;
  workId: number;
  fileId: number;
  trial: boolean;
  available: boolean;
  title: string;
  workTitle: string;
  duration: number;
}

/** GET /api/playlists: the caller's own playlists, then the public ones of others. */
export interface PlaylistsAnswer { playlists: PlaylistSummary[] }
/** GET /api/playlists/{id} and every write's answer: the playlist with its entries in order. */
export interface PlaylistAnswer { playlist: PlaylistSummary & { entries: PlaylistEntry[] } }
