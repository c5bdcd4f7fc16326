/**
 * /favourites[/mode] and /favourites/progress/{filter} (spec 000 section 2
 * "Favourites", section 7 sorting rule): history (the bare path), my reviews, my
 * progress (with filters), and the playlists (/favourites/folder: PlaylistsPane; the
 * novel section's folder mode stays 'not yet implemented, stay tuned').
 * Sort select and direction button (hidden in history mode; disabled for allage and
 * nsfw, which become order nsfw ascending / descending). Infinite scroll (500 px).
 * Also /novel/favourites (spec 001 section 2): the same screen in the novel section,
 * whose bare path shows the reviews (catalogue.tsx).
 */
import { useCallback, useMemo } from 'react';
import { ActionIcon, Center, Group, Loader, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { FAVOURITE_ORDERS, favouritesOrderParams, PROGRESS_VALUES, type Pagination, type Progress } from '@model';
import { send } from '../api/client';
import { useFavouritesPrefs } from '../api/prefs';
import { FavouriteItem, type FavouritesMode, type FavWork } from '../components/FavouriteItem';
import { useCatalogue, useCatalogueT } from '../catalogue';
import { useInfiniteList } from '../components/useInfiniteList';
import { PlaylistsPane } from '../components/playlist/PlaylistsPane';

export const FAV_SCROLL_OFFSET = 500;
const MODES: FavouritesMode[] = ['histroy', 'review', 'progress', 'folder'];

export default function Favourites() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const catalogue = useCatalogue();
  const st = useCatalogueT();
  const home = `${catalogue.base}/favourites`;
  const filter = params.progressFilter as Progress | undefined;
  const mode: FavouritesMode = filter ? 'progress' : MODES.includes(params.mode as FavouritesMode) ? (params.mode as FavouritesMode) : catalogue.favouritesHome;
  const [prefs, setPrefs] = useFavouritesPrefs();
  const fixedDirection = prefs.sort === 'allage' || prefs.sort === 'nsfw';

  const query = useMemo(() => {
    const o = favouritesOrderParams(prefs.sort, mode === 'histroy' || prefs.desc ? 'desc' : 'asc');
    return { route: mode === 'histroy' ? catalogue.favourites.history : catalogue.favourites.reviews, query: { ...o, filter: mode === 'progress' ? filter : undefined } };
  }, [mode, catalogue, prefs.sort, prefs.desc, filter]);
  const skip = mode === 'folder';
  const fetchPage = useCallback(async (page: number, _seed: number, signal: AbortSignal) => {
    if (skip) return { items: [] as FavWork[], totalCount: 0 };
    const res = await send<{ works: FavWork[]; pagination: Pagination }>({ ...query, query: { ...query.query, page }, signal });
    return { items: res.works, totalCount: res.pagination.totalCount };
  }, [query, skip]);
  const list = useInfiniteList<FavWork>(fetchPage, JSON.stringify({ path: query.route.path, query: query.query, skip }), FAV_SCROLL_OFFSET);
  const listKey = `${mode}:${filter ?? ''}`;

  return (
    <Stack maw={1000} mx="auto">
      <Title order={3}>{t('nav.favourites')}</Title>
      <SegmentedControl
        fullWidth
        value={mode}
        onChange={(v) => navigate(v === catalogue.favouritesHome ? home : `${home}/${v}`)}
        data={MODES.map((m) => ({ value: m, label: st(`fav.${m}`) }))}
        data-testid="fav-modes"
      />
      {mode === 'progress' && (
        <SegmentedControl
          size="xs"
          value={filter ?? 'all'}
          onChange={(v) => navigate(v === 'all' ? `${home}/progress` : `${home}/progress/${v}`)}
          data={[{ value: 'all', label: t('fav.all') }, ...PROGRESS_VALUES.map((p) => ({ value: p, label: st(`progress.${p}`) }))]}
          data-testid="fav-progress-filter"
          style={{ overflowX: 'auto' }}
        />
      )}
      {mode === 'folder' ? (
        catalogue.id === 'audio' ? <PlaylistsPane /> : <Text c="dimmed" ta="center" py="xl" data-testid="fav-folder">{t('fav.folderTodo')}</Text>
      ) : (
        <>
          <Group gap="xs">
            <Select size="xs" w={180} aria-label={t('works.sort')} allowDeselect={false} value={prefs.sort}
              data={FAVOURITE_ORDERS.map((s) => ({ value: s, label: st(`fav.sort.${s}`) }))}
              onChange={(v) => v && setPrefs((p) => ({ ...p, sort: v }))} data-testid="fav-sort" />
            {mode !== 'histroy' && (
              <ActionIcon variant="default" size="lg" disabled={fixedDirection} aria-label={prefs.desc ? t('works.desc') : t('works.asc')}
                onClick={() => setPrefs((p) => ({ ...p, desc: !p.desc }))} data-testid="fav-direction">
                {prefs.desc ? <IconSortDescending size={18} /> : <IconSortAscending size={18} />}
              </ActionIcon>
            )}
          </Group>
          <Stack gap="xs" key={listKey} data-testid="fav-list">
            {list.items.map((w) => <FavouriteItem key={w.id} work={w} mode={mode} />)}
          </Stack>
          <div ref={list.sentinelRef} style={{ height: 1 }} />
          {list.loading && <Center py="md"><Loader size="sm" /></Center>}
          {list.done && list.items.length === 0 && <Text c="dimmed" ta="center" py="xl" data-testid="fav-empty">{t('fav.empty')}</Text>}
        </>
      )}
    </Stack>
  );
}
