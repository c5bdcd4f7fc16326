/** /main, the site chooser (spec 001 section 2): audio -> /works, trial listening -> /fake/works, novel -> /novel/works, third site -> /lysk/main. */
import { Button, Center, Stack, Title } from '@mantine/core';
import { IconBook, IconDeviceGamepad2, IconHeadphones, IconHeadset } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export default function SiteChooser() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md">
      <Stack w="100%" maw={360}>
        <Title order={2} ta="center">{t('site.title')}</Title>
        <Button component={Link} to="/works" size="lg" leftSection={<IconHeadphones />}>{t('site.audio')}</Button>
        <Button component={Link} to="/fake/works" size="lg" variant="light" leftSection={<IconHeadset />}>{t('site.trial')}</Button>
        <Button component={Link} to="/novel/works" size="lg" variant="light" leftSection={<IconBook />}>{t('site.novel')}</Button>
        <Button component={Link} to="/lysk/main" size="lg" variant="default" leftSection={<IconDeviceGamepad2 />}>{t('site.third')}</Button>
      </Stack>
    </Center>
  );
}
