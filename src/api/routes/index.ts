/**
 * The API table: every route of `/api` (spec 000 sections 6 to 9, spec 001) with its
 * method, path, request schema and answer type (route.ts), by domain. The server's
 * routers register these routes; the web UI, the TUI's remote mode and the translate
 * worker call them through ApiClient.call; no `/api/` path is spelled anywhere else.
 */
import { bookmarksRoutes } from '../bookmarks.js';
import { adminRoutes } from './admin.js';
import { authRoutes } from './auth.js';
import { libraryRoutes, trialRoutes } from './catalogue.js';
import { favouritesRoutes } from './favourites.js';
import { lyricRoutes } from './lyric.js';
import { novelRoutes } from './novel.js';
import { playerAccessRoutes } from './player-access.js';
import { playlistsRoutes } from './playlists.js';

export const routes = {
  auth: authRoutes,
  library: libraryRoutes,
  trial: trialRoutes,
  favourites: favouritesRoutes,
  novel: novelRoutes,
  lyric: lyricRoutes,
  admin: adminRoutes,
  playerAccess: playerAccessRoutes,
  playlists: playlistsRoutes,
  bookmarks: bookmarksRoutes,
};

export { trackMedia, trackMediaPath } from './catalogue.js';

/** Where every call of the table lives: pages never take a path under it. */
export const API_PREFIX = '/api';

/** The scanner's WebSocket (admin), opened with `?token=`. */
export const SCANNER_SOCKET_PATH = `${API_PREFIX}/ws`;
