/**
 * The side drawer (spec 000 section 2): links, random listen (order betterRandom),
 * sleep timer, night mode, language, site selection, music players (/players: the
 * player password and API keys), settings (/admin), logout with
 * confirmation. The user name shows only when authentication is on. In the novel
 * section: the novel section's links (its lists, add form, favourites), no random listen.
 */
import { useState } from 'react';
import { Divider, Drawer, NavLink, SegmentedControl, Stack, Switch, Text, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import {
  IconAlarm, IconArrowsShuffle, IconBrain, IconDeviceMobile, IconHeadphones, IconHeart, IconLayoutGrid, IconLogout, IconMicrophone, IconMoon,
  IconPlayerPlay, IconPlus, IconSearch, IconSettings, IconTags, IconUsersGroup, IconWorld,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { newSeed } from '@model';
import { call, notifyError, routes } from '../api/client';
import { useAuth } from '../api/auth';
import { LANGUAGES, setLanguage, type Language } from '../i18n';
import { ConfirmModal } from './ConfirmModal';
import { useCatalogue, useCatalogueT } from '../catalogue';
import { SleepTimerModal } from './SleepTimerModal';

/** Drawer links; other sections add theirs here. */
export const NAV_LINKS = [
  { to: '/works', label: 'nav.works', icon: IconLayoutGrid },
  { to: '/fake/works', label: 'nav.trial', icon: IconHeadphones },
  { to: '/search', label: 'nav.search', icon: IconSearch },
  { to: '/favourites', label: 'nav.favourites', icon: IconHeart },
  { to: '/circles', label: 'nav.circles', icon: IconUsersGroup },
  { to: '/tags', label: 'nav.tags', icon: IconTags },
  { to: '/vas', label: 'nav.vas', icon: IconMicrophone },
  { to: '/ai_lyric', label: 'nav.aiLyric', icon: IconBrain },
  { to: '/fullScreenPlayer', label: 'nav.player', icon: IconPlayerPlay },
] as const;

/** The audio site's links the novel section has too (not the trial catalogue). */
const SHARED_LINKS = NAV_LINKS.filter((l) => l.to !== '/fake/works');

/** The novel section's drawer links (spec 001 section 2), under /novel. */
export const NOVEL_NAV_LINKS = [
  ...SHARED_LINKS.slice(0, 6),
  { to: '/add', label: 'nav.add', icon: IconPlus },
  ...SHARED_LINKS.slice(6),
];

export function NavDrawer({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const st = useCatalogueT();
  const catalogue = useCatalogue();
  const links = catalogue.id === 'novel' ? NOVEL_NAV_LINKS : NAV_LINKS;
  const navigate = useNavigate();
  const { me, logout } = useAuth();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const [sleepOpen, setSleepOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);

  const randomListen = async () => {
    try {
      const { works } = await call(routes.library.works, { query: { order: 'betterRandom', page: 1, seed: newSeed() } });
      if (works[0]) navigate(`/work/${works[0].id}`);
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <>
      <Drawer opened={opened} onClose={onClose} size={280} title={<Text fw={700}>{t('app.name')}</Text>} data-testid="drawer">
        <Stack gap={2}>
          {me?.auth && <Text size="sm" c="dimmed" mb="xs" data-testid="drawer-user">{t('nav.signedInAs', { name: me.user.name })}</Text>}
          {links.map((l) => (
            <NavLink key={l.to} component={Link} to={`${catalogue.base}${l.to}`} label={st(l.label)} leftSection={<l.icon size={18} />} onClick={onClose} />
          ))}
          <Divider my={4} />
          {catalogue.id === 'audio' && <NavLink label={t('nav.random')} leftSection={<IconArrowsShuffle size={18} />} onClick={() => { onClose(); void randomListen(); }} />}
          <NavLink label={t('nav.sleep')} leftSection={<IconAlarm size={18} />} onClick={() => setSleepOpen(true)} />
          <Switch
            px="sm" py={6}
            label={t('nav.night')}
            checked={scheme === 'dark'}
            onChange={(e) => setColorScheme(e.currentTarget.checked ? 'dark' : 'light')}
            thumbIcon={<IconMoon size={10} />}
            data-testid="night-switch"
          />
          <SegmentedControl
            mx="sm" my={6} size="xs"
            data={LANGUAGES.map((l) => ({ value: l.value, label: l.label }))}
            value={i18n.language === 'en' ? 'en' : 'zh-CN'}
            onChange={(v) => void setLanguage(v as Language).catch(notifyError)}
            data-testid="language-select"
          />
          <Divider my={4} />
          <NavLink component={Link} to="/main" label={t('nav.sites')} leftSection={<IconWorld size={18} />} onClick={onClose} />
          <NavLink component={Link} to="/players" label={t('players.nav')} leftSection={<IconDeviceMobile size={18} />} onClick={onClose} />
          <NavLink component={Link} to="/admin" label={t('nav.settings')} leftSection={<IconSettings size={18} />} onClick={onClose} />
          <NavLink label={t('nav.logout')} leftSection={<IconLogout size={18} />} onClick={() => setLogoutOpen(true)} c="red" />
        </Stack>
      </Drawer>
      <SleepTimerModal opened={sleepOpen} onClose={() => setSleepOpen(false)} key={String(sleepOpen)} />
      <ConfirmModal
        opened={logoutOpen}
        message={t('nav.logoutConfirm')}
        onClose={() => setLogoutOpen(false)}
        onConfirm={() => { if (me?.auth !== false) logout(); }}
      />
    </>
  );
}
