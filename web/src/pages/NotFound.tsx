/** The not-found page for any unknown path (spec 000 section 2, spec 001 route table). */
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';

export default function NotFound() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" data-testid="not-found">
        <Title order={1}>404</Title>
        <Title order={3}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.text', { path: pathname })}</Text>
        <Button component={Link} to="/works">{t('notFound.home')}</Button>
      </Stack>
    </Center>
  );
}
