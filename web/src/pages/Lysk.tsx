/**
 * /lysk/main, the placeholder third site (spec 001 section 2): three tabs (mail, alarm,
 * movie) under a header whose back link leads to the site chooser (/main).
 */
import { ActionIcon, Container, Group, Tabs, Text } from '@mantine/core';
import { IconAlarm, IconArrowLeft, IconMail, IconMovie } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export default function Lysk() {
  const { t } = useTranslation();
  return (
    <>
      <Group component="header" h={56} px="sm" gap="xs" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <ActionIcon component={Link} to="/main" variant="subtle" aria-label={t('site.backToSites')} title={t('site.backToSites')}>
          <IconArrowLeft size={20} />
        </ActionIcon>
        <Text fw={700} size="lg" truncate>{t('site.third')}</Text>
      </Group>
      <Container size="sm" py="md">
        <Tabs defaultValue="mail">
          <Tabs.List grow>
            <Tabs.Tab value="mail" leftSection={<IconMail size={18} />} aria-label={t('site.lyskMail')} />
            <Tabs.Tab value="alarm" leftSection={<IconAlarm size={18} />} aria-label={t('site.lyskAlarm')} />
            <Tabs.Tab value="movie" leftSection={<IconMovie size={18} />} aria-label={t('site.lyskMovie')} />
          </Tabs.List>
          {(['mail', 'alarm', 'movie'] as const).map((v) => (
            <Tabs.Panel key={v} value={v} pt="md"><Text c="dimmed" ta="center">{t('site.lyskEmpty')}</Text></Tabs.Panel>
          ))}
        </Tabs>
      </Container>
    </>
  );
}
