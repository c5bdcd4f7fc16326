/**
 * The main layout (spec 000 section 2 "Header and drawer"): header with the drawer
 * burger, a back button outside the home pages and the keyword box; the side drawer;
 * the page (Outlet); the bottom player bar and the one <audio> element.
 * The novel section's layout is this one with the novel site in context (its name,
 * home /novel/works, its drawer links and keyword search).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { ActionIcon, AppShell, Burger, Center, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { KeywordBox } from './KeywordBox';
import { useCatalogue, useCatalogueT } from '../catalogue';
import { useVersionNotice } from './useVersionNotice';

// Loaded apart from the routes, so a page's first load carries neither the drawer (until
// it is opened) nor the player (mounted once the page is idle): route JS budget, bench/README.md "web".
const PlayerDock = lazy(() => import('./PlayerDock'));
const NavDrawer = lazy(() => import('./NavDrawer').then((m) => ({ default: m.NavDrawer })));

/** Home pages have no back button: the bare works list. */
export function isHomePage(pathname: string, search: string): boolean {
  return (pathname === '/' || pathname === '/works') && !search;
}

export function Layout() {
  const { t } = useTranslation();
  const st = useCatalogueT();
  const { base } = useCatalogue();
  const [drawer, setDrawer] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const [playerVisible, setPlayerVisible] = useState(false);
  const [dockReady, setDockReady] = useState(false);
  useVersionNotice();
  useEffect(() => {
    if (typeof requestIdleCallback === 'undefined') return void setDockReady(true);
    const id = requestIdleCallback(() => setDockReady(true), { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }, []);
  useEffect(() => setDrawer(false), [location.pathname, location.search]);
  const home = location.pathname.startsWith(base) && isHomePage(location.pathname.slice(base.length), location.search);

  return (
    <AppShell header={{ height: 56 }} footer={{ height: playerVisible ? 78 : 0 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="sm" gap="xs" wrap="nowrap">
          <Burger opened={drawer} onClick={() => { setDrawerUsed(true); setDrawer((o) => !o); }} size="sm" aria-label={t('nav.menu')} data-testid="drawer-toggle" />
          {!home && (
            <ActionIcon variant="subtle" aria-label={t('common.back')} onClick={() => navigate(-1)} data-testid="back-button">
              <IconArrowLeft size={20} />
            </ActionIcon>
          )}
          <UnstyledButton component={Link} to={`${base}/works`} visibleFrom="sm">
            <Text fw={700} size="lg" data-testid="app-name">{st('app.name')}</Text>
          </UnstyledButton>
          <Group justify="flex-end" style={{ flex: 1 }}>
            <KeywordBox />
          </Group>
        </Group>
      </AppShell.Header>
      {drawerUsed && <Suspense fallback={null}><NavDrawer opened={drawer} onClose={() => setDrawer(false)} /></Suspense>}
      <AppShell.Main>
        <Suspense fallback={<Center h="40vh"><Loader /></Center>}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      {dockReady && <Suspense fallback={null}><PlayerDock onVisible={setPlayerVisible} /></Suspense>}
    </AppShell>
  );
}
