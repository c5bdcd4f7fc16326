/** /lysk/main, the placeholder third site (spec 001 section 2): three tabs (mail, alarm, movie) and nothing else. */
import { Container, Tabs, Text } from '@mantine/core';
import { IconAlarm, IconMail, IconMovie } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export default function Lysk() {
  const { t } = useTranslation();
  return (
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
  );
}
