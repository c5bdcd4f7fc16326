/**
 * Playlists (src/playlists/README.md "TUI"): the favourites' fourth tab lists the
 * listener's playlists, then other users' public ones (a guest: the public ones); enter
 * opens one (PlaylistScreen), tab goes on to the history. Read only: playlists are made
 * and changed in the web UI or a music player.
 */
import React from 'react';
import { Box, Text } from 'ink';
import { formatDuration } from '../../player/index.js';
import type { PlaylistEntry, QueueItem } from '../../model/index.js';
import { useSession } from '../session.js';
import { useActions, moveCursor } from '../hooks/use-keys.js';
import { useLoad } from '../hooks/use-load.js';
import { List } from '../components/list.js';
import { FAVOURITE_MODES, type FavouritesView, type PlaylistView } from '../views.js';

const TAB_TITLES = { history: 'History', review: 'My reviews', progress: 'My progress', playlists: 'Playlists' } as const;

/** The favourites' tab line with `mode` marked (shared with the favourites screen). */
export const favouritesTabs = (mode: FavouritesView['mode']) => FAVOURITE_MODES.map((m) => (m === mode ? `[${TAB_TITLES[m]}]` : TAB_TITLES[m])).join(' ');

export function PlaylistsScreen({ view, active, width, height }: { view: FavouritesView; active: boolean; width: number; height: number }): React.ReactElement {
  const { source, push, update } = useSession();
  const { data, error, loading } = useLoad('playlists', () => source.playlists());
  const items = data ?? [];
  const rows = height - 1;
  const cursor = Math.min(view.cursor, Math.max(0, items.length - 1));

  useActions(['favourites', 'list'], active, (action) => {
    const moved = moveCursor(action, cursor, items.length, rows);
    if (moved !== null) return update({ cursor: moved });
    if (action === 'open' && items[cursor]) return push({ screen: 'playlist', playlistId: items[cursor].id, cursor: 0 });
    if (action === 'favouritesMode') return update({ mode: FAVOURITE_MODES[(FAVOURITE_MODES.indexOf('playlists') + 1) % FAVOURITE_MODES.length], cursor: 0 } as Partial<FavouritesView>);
  }, !loading);

  return (
    <Box flexDirection="column" width={width}>
      <Text bold wrap="truncate-end">{`${favouritesTabs('playlists')} (${loading ? '…' : items.length})`}</Text>
      <List
        items={items}
        cursor={cursor}
        height={rows}
        rowKey={(p) => p.id}
        empty={error ?? (loading ? 'loading…' : 'no playlists yet: make one in the web UI (favourites, playlists) or in a music player')}
        renderRow={(p, _i, selected) => (
          <Box width={width - 2}>
            <Box flexGrow={1} flexShrink={1}><Text inverse={selected} wrap="truncate-end">{p.name}</Text></Box>
            <Box flexShrink={0} marginLeft={1}>
              <Text dimColor>{`${p.entryCount} tracks ${formatDuration(p.duration)}${p.public ? ' · public' : ''}${p.mine ? '' : ` · by ${p.owner}`}`}</Text>
            </Box>
          </Box>
        )}
      />
    </Box>
  );
}

/** A playable entry as a queue item (its stream found by hash, library or trial). */
const queueItem = (e: PlaylistEntry): QueueItem => ({ hash: e.hash, title: e.title, workTitle: e.workTitle, duration: e.duration });

/** One playlist's tracks: enter plays the playlist's available tracks from the one under the cursor. */
export function PlaylistScreen({ view, active, width, height }: { view: PlaylistView; active: boolean; width: number; height: number }): React.ReactElement {
  const { source, update, dispatch, notify } = useSession();
  const { data, error, loading } = useLoad(`playlist:${view.playlistId}`, () => source.playlist(view.playlistId));
  const entries = data?.entries ?? [];
  const rows = height - 1;
  const cursor = Math.min(view.cursor, Math.max(0, entries.length - 1));

  useActions(['list'], active, (action) => {
    const moved = moveCursor(action, cursor, entries.length, rows);
    if (moved !== null) return update({ cursor: moved });
    if (action !== 'open' || !entries[cursor]) return;
    const from = entries[cursor];
    if (!from.available) return notify('this track is unavailable');
    const playable = entries.filter((e) => e.available);
    dispatch({ type: 'setQueue', queue: playable.map(queueItem), index: playable.indexOf(from) });
  }, !loading);

  const title = data ? `${data.name} (${entries.length})${data.mine ? '' : ` · by ${data.owner}`}` : loading ? 'Playlist …' : 'Playlist';
  return (
    <Box flexDirection="column" width={width}>
      <Text bold wrap="truncate-end">{title}</Text>
      <List
        items={entries}
        cursor={cursor}
        height={rows}
        rowKey={(e) => e.id}
        empty={error ?? (loading ? 'loading…' : 'this playlist is empty')}
        renderRow={(e, _i, selected) => (
          <Box width={width - 2}>
            <Box flexGrow={1} flexShrink={1}>
              <Text inverse={selected} dimColor={!e.available} wrap="truncate-end">{`${e.title}  — ${e.workTitle}${e.available ? '' : ' (unavailable)'}`}</Text>
            </Box>
            <Box flexShrink={0} marginLeft={1}><Text dimColor>{e.available ? formatDuration(e.duration) : ''}</Text></Box>
          </Box>
        )}
      />
    </Box>
  );
}
