/**
 * The playlists calls of the web UI (src/api/playlists.ts over the page's client): the
 * favourites' playlists mode, the file tree's and the queue's "add to a playlist".
 */
import { playlistsApi } from '../../../src/api/playlists';
import { client } from './client';

export const playlists = playlistsApi(client);
