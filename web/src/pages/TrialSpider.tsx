/**
 * /fake/spider, the trial-library page (spec 000 section 2; DESIGN section 7): the trial
 * crawler's state and, for the admin, its run button. The same screen as the admin
 * scanner (admin/Scanner.tsx `ScannerScreen`) on the same realtime socket: the crawl is
 * started with PERFORM_TRIAL_FETCH and reported with the scan messages (main log, works
 * added or skipped, results), the crawler's runs only (a library scan's are the scanner
 * page's). Others see a notice: the socket is the admin's.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../api/auth';
import { ScannerScreen, type ScanButton } from './admin/Scanner';

const BUTTONS: ScanButton[] = [{ command: 'PERFORM_TRIAL_FETCH', key: 'trial' }];

export default function TrialSpider() {
  const { t } = useTranslation();
  const { me } = useAuth();
  return (
    <Stack gap="sm" data-testid="trial-spider">
      <Text c="dimmed" size="sm">{t('trial.spiderHint')}</Text>
      {me?.user.group === 'admin'
        ? <ScannerScreen title={t('trial.spider')} buttons={BUTTONS} />
        : <Alert color="yellow" data-testid="admin-only">{t('trial.adminOnly')}</Alert>}
    </Stack>
  );
}
