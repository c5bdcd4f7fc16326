/**
 * /circles, /tags, /vas (spec 000 section 2 "Name lists"): a name filter box and one
 * button per item labelled 'name (count)' linking to /works?circleId|tagId|vaId={id}.
 * Also /novel/circles, /novel/tags, /novel/vas (spec 001 section 2: sites, tags and
 * authors; GET /api/novel/{kind}/?limit=9999&page=1 answering data.data).
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { ListItem } from '@model';
import { notifyError, send } from '../api/client';
import { useCatalogue, useCatalogueT, type NameKind } from '../catalogue';

const KINDS = {
  '/circles': { kind: 'circles', param: 'circleId', title: 'names.circles' },
  '/tags': { kind: 'tags', param: 'tagId', title: 'names.tags' },
  '/vas': { kind: 'vas', param: 'vaId', title: 'names.vas' },
} as const satisfies Record<string, { kind: NameKind; param: string; title: string }>;

export default function NameList() {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const st = useCatalogueT();
  const { pathname } = useLocation();
  const kind = KINDS[pathname.slice(catalogue.base.length) as keyof typeof KINDS] ?? KINDS['/circles'];
  const [items, setItems] = useState<ListItem<number | string>[] | null>(null);
  const [filter, setFilter] = useState('');

  useEffect(() => {
    setItems(null);
    setFilter('');
    send<unknown>(catalogue.namesCall(kind.kind))
      .then((answer) => setItems(catalogue.namesOf(answer)))
      .catch((err) => { setItems([]); notifyError(err); });
  }, [catalogue, kind]);

  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return (items ?? []).filter((i) => i.name !== null && (!f || i.name.toLowerCase().includes(f)));
  }, [items, filter]);

  return (
    <Stack>
      <Title order={3}>{st(kind.title)}</Title>
      <TextInput leftSection={<IconFilter size={16} />} placeholder={t('names.filter')} value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)} data-testid="name-filter" maw={400} />
      {items === null ? <Loader size="sm" /> : (
        <Group gap="xs" data-testid="name-list">
          {shown.map((i) => (
            <Button key={i.id} variant="light" size="xs" component={Link} to={`${catalogue.base}/works?${kind.param}=${encodeURIComponent(String(i.id))}`} data-testid="name-item">
              {i.name} ({i.count})
            </Button>
          ))}
          {shown.length === 0 && <Text c="dimmed">{t('names.empty')}</Text>}
        </Group>
      )}
    </Stack>
  );
}
