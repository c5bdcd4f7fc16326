/**
 * The main layout (spec 000 section 2 "Header and drawer"): header with the drawer
 * burger, a back button outside the home pages and the keyword box; the side drawer;
 * the page (Outlet); the bottom player bar and the one <audio> element.
 */
import { Suspense, useEffect, useState } from 'react';
import { ActionIcon, AppShell, Burger, Center, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { AudioEngine } from '../player/AudioEngine';
import { PlayerBar } from '../player/PlayerBar';
import { usePlayer } from '../player/store';
import { NavDrawer } from './NavDrawer';
import { KeywordBox } from './KeywordBox';
import { useVersionNotice } from './useVersionNotice';

/** Home pages have no back button: the bare works list. */
export function isHomePage(pathname: string, search: string): boolean {
  return (pathname === '/' || pathname === '/works') && !search;
}

export function Layout() {
  const { t } = useTranslation();
  const [drawer, setDrawer] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const playerVisible = usePlayer((s) => s.queue.length > 0);
  useVersionNotice();
  useEffect(() => setDrawer(false), [location.pathname, location.search]);
  const home = isHomePage(location.pathname, location.search);

  return (
    <AppShell header={{ height: 56 }} footer={{ height: playerVisible ? 78 : 0 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="sm" gap="xs" wrap="nowrap">
          <Burger opened={drawer} onClick={() => setDrawer((o) => !o)} size="sm" aria-label={t('nav.menu')} data-testid="drawer-toggle" />
          {!home && (
            <ActionIcon variant="subtle" aria-label={t('common.back')} onClick={() => navigate(-1)} data-testid="back-button">
              <IconArrowLeft size={20} />
            </ActionIcon>
          )}
          <UnstyledButton component={Link} to="/works" visibleFrom="sm">
            <Text fw={700} size="lg">{t('app.name')}</Text>
          </UnstyledButton>
          <Group justify="flex-end" style={{ flex: 1 }}>
            <KeywordBox />
          </Group>
        </Group>
      </AppShell.Header>
      <NavDrawer opened={drawer} onClose={() => setDrawer(false)} />
      <AppShell.Main>
        <Suspense fallback={<Center h="40vh"><Loader /></Center>}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <AppShell.Footer hidden={!playerVisible}>
        <PlayerBar />
      </AppShell.Footer>
      <AudioEngine />
    </AppShell>
  );
}
