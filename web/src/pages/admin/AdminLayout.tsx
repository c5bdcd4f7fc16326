/**
 * The admin section's own layout (spec 001 section 2): links to the admin home
 * (library root folders), the scanner, advanced settings, user management, and
 * back home. Every admin page renders inside it. The server refuses admin calls
 * to anyone but the admin; for other users the pages show a notice instead, and their
 * content (and its calls, which would only be refused) never mounts (`adminPage`).
 */
import { type ComponentType, type ReactNode, useState } from 'react';
import { Alert, AppShell, Burger, Group, NavLink, Text } from '@mantine/core';
import { IconAdjustments, IconArrowBackUp, IconFolders, IconRadar, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useAuth } from '../../api/auth';

/** The layout's links; `/admin/scanner` is the scanner area's page. */
export const ADMIN_LINKS = [
  { to: '/admin', key: 'home', icon: IconFolders },
  { to: '/admin/scanner', key: 'scanner', icon: IconRadar },
  { to: '/admin/advanced', key: 'advanced', icon: IconAdjustments },
  { to: '/admin/usermanage', key: 'usermanage', icon: IconUsers },
] as const;

export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { me } = useAuth();
  const { pathname } = useLocation();
  const [opened, setOpened] = useState(false);
  const isAdmin = me?.user.group === 'admin';

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md">
          <Burger opened={opened} onClick={() => setOpened((o) => !o)} hiddenFrom="sm" size="sm" aria-label={t('nav.menu')} />
          <Text fw={700} size="lg">{t('admin.title')}</Text>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" data-testid="admin-nav">
        {ADMIN_LINKS.map(({ to, key, icon: Icon }) => (
          <NavLink key={to} component={Link} to={to} label={t(`admin.nav.${key}`)} leftSection={<Icon size={18} />}
            active={pathname === to} onClick={() => setOpened(false)} />
        ))}
        <NavLink component={Link} to="/" label={t('admin.nav.back')} leftSection={<IconArrowBackUp size={18} />} />
      </AppShell.Navbar>
      <AppShell.Main>
        {isAdmin ? children : me !== undefined && <Alert color="yellow" data-testid="admin-only">{t('admin.adminOnly')}</Alert>}
      </AppShell.Main>
    </AppShell>
  );
}

/**
 * An admin page that mounts only for the admin: anyone else (and anyone while the
 * signed-in user loads) gets the layout with its notice, and the page's loads are never
 * sent, so no refusal shows on top of the notice.
 */
export function adminPage(Page: ComponentType): ComponentType {
  return function AdminOnlyPage() {
    const { me } = useAuth();
    return me?.user.group === 'admin' ? <Page /> : <AdminLayout>{null}</AdminLayout>;
  };
}
