/**
 * /works, /search and the trial catalogue's /fake/works (spec 000 section 2 "Works
 * list", sections 4, 7, 9): title by context with a count badge, list controls (sort,
 * age rating, lyric filter, direction, grid/list, labels, detail/zoom), infinite scroll
 * that resets on any change, the 'continue listening' shelf (beyond the spec) and the
 * 'recent plays' strip on the home list, advanced search
 * keywords on /search. The section (library or trial, from the path) picks the call,
 * the card links and the card actions (delete, or dislike and download).
 * Also /novel/works and /novel/search (spec 001 section 2): the same screen in the novel
 * section (catalogue.tsx: its calls, sort options, words; no age rating or recent plays).
 * An empty list says so (not 'no more works'); a circle, tag or voice actor id the server
 * does not know says that, without asking for its list.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Badge, Center, Chip, Group, Loader, NativeSelect, SegmentedControl, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLayoutGrid, IconList, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { LYRIC_OPTIONS, lyricStatusOf, NSFW_OPTIONS, type NsfwOption, type Pagination } from '@model';
import { ApiError, send } from '../api/client';
import { useCatalogue, useCatalogueT } from '../catalogue';
import { useAdvancedKeywords, useWorksPrefs } from '../api/prefs';
import { listContext, nameCall, nameOf, worksEndpoint } from '../api/works';
import { scopeOfPath } from '../api/scope';
import { AdvancedSearchBar } from '../components/AdvancedSearchBar';
import { RecentPlays } from '../components/RecentPlays';
import { ContinueListening } from '../components/ContinueListening';
import { useInfiniteList } from '../components/useInfiniteList';
import { WorkCard, type CardVariant, type CardWork } from '../components/WorkCard';

/** Layout thresholds of spec 000 section 9 (px). */
export const NARROW = 700;
export const WIDE = 1120;
/** Infinite scroll offset for works (px). */
export const WORKS_SCROLL_OFFSET = 250;

export default function Works() {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const st = useCatalogueT();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const [prefs, setPrefs] = useWorksPrefs(catalogue);
  const [keywords, setKeywords] = useAdvancedKeywords(catalogue);
  const order = catalogue.sortOrders.includes(prefs.order) ? prefs.order : catalogue.sortOrders[0]!;
  const aboveNarrow = useMediaQuery(`(min-width: ${NARROW + 1}px)`, true, { getInitialValueInEffect: false });
  const aboveWide = useMediaQuery(`(min-width: ${WIDE}px)`, true, { getInitialValueInEffect: false });
  const ctx = useMemo(() => listContext(pathname.slice(catalogue.base.length), params, keywords), [pathname, catalogue, params, keywords]);
  const scope = scopeOfPath(pathname);
  // The circle's, tag's or voice actor's name: null when the server knows no such id (the
  // list is then not asked for). Asked in an effect, once per context: a render React
  // discards or repeats does not ask again. Declared before the list, whose reset (an
  // effect of its own, run after this one) awaits it.
  const nameLookup = useRef<Promise<string | null>>(Promise.resolve(''));
  const [name, setName] = useState<string | null>('');
  useEffect(() => {
    const c = nameCall(ctx, catalogue);
    const lookup = c ? send<unknown>(c).then(nameOf, (err: unknown) => (err instanceof ApiError && err.status === 404 ? null : '')) : Promise.resolve('');
    nameLookup.current = lookup;
    let live = true;
    setName('');
    void lookup.then((n) => { if (live) setName(n); });
    return () => { live = false; };
  }, [ctx, catalogue]);

  // the 'no store data' filter: the audio library's works only (the store's metadata is theirs)
  const storeFilter = catalogue.codes && scope === 'library';
  const query = useMemo(() => {
    const { route, params, query: extra } = worksEndpoint(ctx, scope, catalogue);
    const nsfw = catalogue.ageFilter ? prefs.nsfw : undefined;
    const storeData = storeFilter && prefs.noStoreData ? 'none' : undefined;
    return {
      route,
      params,
      query: { ...extra, order, sort: prefs.desc ? 'desc' : 'asc', nsfw, lyric: lyricStatusOf(prefs.lyric) || undefined, storeData },
    };
  }, [ctx, scope, catalogue, order, prefs.desc, prefs.nsfw, prefs.lyric, prefs.noStoreData, storeFilter]);
  const resetKey = JSON.stringify({ path: query.route.path, params: query.params, query: query.query });
  const skip = ctx.kind === 'advance' && ctx.keywords.length === 0;

  const fetchPage = useCallback(async (page: number, seed: number, signal: AbortSignal) => {
    if (skip || (await nameLookup.current) === null) return { items: [] as CardWork[], totalCount: 0 };
    const res = await send<{ works: CardWork[]; pagination: Pagination }>({ ...query, query: { ...query.query, page, seed }, signal });
    return { items: res.works, totalCount: res.pagination.totalCount };
  }, [query, skip]);
  const list = useInfiniteList<CardWork>(fetchPage, resetKey, WORKS_SCROLL_OFFSET);
  const { remove } = list;
  const onDeleted = useCallback((id: number) => remove((w) => w.id === id), [remove]);

  const trial = scope === 'trial';
  const unknown = name === null && (ctx.kind === 'circle' || ctx.kind === 'tag' || ctx.kind === 'va');
  const title = {
    all: trial ? t('trial.title') : st('works.all'),
    circle: unknown ? st('works.unknown.circle') : st('works.circle', { name }),
    tag: unknown ? st('works.unknown.tag') : st('works.tag', { name }),
    va: unknown ? st('works.unknown.va') : st('works.va', { name }),
    keyword: trial ? t('trial.keyword', { name: ctx.kind === 'keyword' ? ctx.keyword : '' }) : st('works.keyword', { name: ctx.kind === 'keyword' ? ctx.keyword : '' }),
    advance: st('works.advance'),
  }[ctx.kind];

  const variant: CardVariant = prefs.listMode === 'list' ? 'list' : prefs.detailMode || !aboveWide ? 'detail' : 'zoom';
  const gridCols = variant === 'zoom' ? { base: 3, xs: 4, sm: 5, md: 6, lg: 8 } : { base: 2, xs: 2, sm: 3, md: 4, lg: 5, xl: 6 };

  return (
    <Stack gap="sm">
      {ctx.kind === 'all' && !trial && catalogue.recentPlays && <ContinueListening />}
      {ctx.kind === 'all' && !trial && catalogue.recentPlays && <RecentPlays />}
      <Group gap="xs" align="center">
        <Title order={3} data-testid="works-title">{title}</Title>
        <Badge size="lg" variant="light" data-testid="works-count">{list.totalCount ?? 0}</Badge>
      </Group>
      {ctx.kind === 'advance' && <AdvancedSearchBar keywords={keywords} onChange={setKeywords} />}
      {ctx.kind === 'advance' && keywords.length === 0 && <Text c="dimmed" size="sm">{t('search.hint')}</Text>}
      <Group gap="xs" data-testid="works-controls">
        {/* Native selects and chips keep the floating-UI machinery out of the route (bench/README.md "web"). */}
        <NativeSelect
          w={150} size="xs" aria-label={t('works.sort')}
          data={catalogue.sortOrders.map((o) => ({ value: o, label: st(`works.order.${o}`) }))}
          value={order}
          onChange={(e) => { const v = e.currentTarget.value as typeof prefs.order; setPrefs((p) => ({ ...p, order: v })); }}
          data-testid="sort-select"
        />
        {catalogue.ageFilter && <NativeSelect
          w={150} size="xs" aria-label={t('works.nsfw')}
          data={NSFW_OPTIONS.map((n) => ({ value: String(n), label: t(`works.nsfwOpt.${n}`) }))}
          value={String(prefs.nsfw)}
          onChange={(e) => { const v = Number(e.currentTarget.value) as NsfwOption; setPrefs((p) => ({ ...p, nsfw: v })); }}
          data-testid="nsfw-select"
        />}
        <Chip.Group multiple value={prefs.lyric} onChange={(v) => setPrefs((p) => ({ ...p, lyric: LYRIC_OPTIONS.filter((o) => v.includes(o)) }))}>
          <Group gap={4} data-testid="lyric-select" aria-label={t('works.lyric')} role="group">
            {LYRIC_OPTIONS.map((o) => <Chip key={o} value={o} size="xs">{t(`works.lyricOpt.${o}`)}</Chip>)}
          </Group>
        </Chip.Group>
        {storeFilter && (
          <Chip size="xs" color="gray" checked={!!prefs.noStoreData} onChange={(v) => setPrefs((p) => ({ ...p, noStoreData: v }))} data-testid="no-store-data-filter">
            {t('works.noStoreData')}
          </Chip>
        )}
        <ActionIcon variant="default" size="lg" aria-label={prefs.desc ? t('works.desc') : t('works.asc')} title={prefs.desc ? t('works.desc') : t('works.asc')}
          onClick={() => setPrefs((p) => ({ ...p, desc: !p.desc }))} data-testid="direction-toggle" data-desc={prefs.desc}>
          {prefs.desc ? <IconSortDescending size={18} /> : <IconSortAscending size={18} />}
        </ActionIcon>
        <SegmentedControl
          size="xs"
          value={prefs.listMode}
          onChange={(v) => setPrefs((p) => ({ ...p, listMode: v as 'grid' | 'list' }))}
          data={[
            { value: 'grid', label: <IconLayoutGrid size={16} aria-label={t('works.grid')} /> },
            { value: 'list', label: <IconList size={16} aria-label={t('works.list')} /> },
          ]}
          data-testid="mode-toggle"
        />
        {prefs.listMode === 'list' && aboveNarrow && (
          <Switch size="sm" label={t('works.labels')} checked={prefs.showLabels}
            onChange={(e) => { const v = e.currentTarget.checked; setPrefs((p) => ({ ...p, showLabels: v })); }} data-testid="labels-toggle" />
        )}
        {prefs.listMode === 'grid' && aboveNarrow && (
          <Switch size="sm" label={t('works.detail')} checked={prefs.detailMode} disabled={!aboveWide}
            onChange={(e) => { const v = e.currentTarget.checked; setPrefs((p) => ({ ...p, detailMode: v })); }} data-testid="detail-toggle" />
        )}
      </Group>
      {variant === 'list' ? (
        <Stack gap="xs" data-testid="works-list">
          {list.items.map((w) => <WorkCard key={w.id} work={w} variant="list" showLabels={prefs.showLabels && aboveNarrow} scope={scope} onDeleted={onDeleted} />)}
        </Stack>
      ) : (
        <SimpleGrid cols={gridCols} spacing="sm" data-testid="works-grid">
          {list.items.map((w) => <WorkCard key={w.id} work={w} variant={variant} showLabels scope={scope} onDeleted={onDeleted} />)}
        </SimpleGrid>
      )}
      <div ref={list.sentinelRef} style={{ height: 1 }} />
      {list.loading && <Center py="md"><Loader size="sm" /></Center>}
      {list.done && !skip && list.items.length === 0 && (
        <Text ta="center" c="dimmed" py="xl" data-testid="works-empty">{unknown ? t('works.unknownHint') : st('works.empty')}</Text>
      )}
      {list.done && !skip && list.items.length > 0 && (
        <Text ta="center" c="dimmed" py="md" data-testid="no-more">{t('works.noMore')}</Text>
      )}
    </Stack>
  );
}
