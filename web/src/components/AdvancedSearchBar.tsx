/**
 * Advanced search keywords (spec 000 sections 2 and 5): an input with a type select and
 * an add button; keywords show as removable badges. Trimmed; blank rejected ('cannot add
 * blank keyword'); a duplicate rejected ('keyword duplicated, add failed').
 */
import { useState, type FormEvent } from 'react';
import { ActionIcon, Badge, Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdvancedKeyword } from '@model';
import { useCatalogueT } from '../catalogue';

export const KEYWORD_TYPES: AdvancedKeyword['t'][] = ['fuzzy', 'VA', 'tag', 'circle', 'unknown'];

/** Adds `d` of type `t` to `list`; answers the new list or the i18n key of the rejection. */
export function addKeyword(list: AdvancedKeyword[], t: AdvancedKeyword['t'], text: string): AdvancedKeyword[] | 'search.blank' | 'search.duplicated' {
  const d = text.trim();
  if (!d) return 'search.blank';
  if (list.some((k) => k.t === t && k.d === d)) return 'search.duplicated';
  return [...list, { t, d }];
}

export function AdvancedSearchBar({ keywords, onChange }: { keywords: AdvancedKeyword[]; onChange(k: AdvancedKeyword[]): void }) {
  const { t } = useTranslation();
  const st = useCatalogueT();
  const [text, setText] = useState('');
  const [type, setType] = useState<AdvancedKeyword['t']>('fuzzy');
  const [error, setError] = useState<string | null>(null);

  const add = (e: FormEvent) => {
    e.preventDefault();
    const next = addKeyword(keywords, type, text);
    if (typeof next === 'string') return setError(t(next));
    setError(null);
    setText('');
    onChange(next);
  };

  return (
    <Stack gap="xs" mb="md">
      <form onSubmit={add} noValidate>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <NativeSelect w={110} data={KEYWORD_TYPES.map((k) => ({ value: k, label: st(`search.type.${k}`) }))} value={type}
            onChange={(e) => setType(e.currentTarget.value as AdvancedKeyword['t'])} aria-label={t('search.typeLabel')} />
          <TextInput style={{ flex: 1 }} placeholder={t('search.placeholder')} value={text} error={error}
            onChange={(e) => { setText(e.currentTarget.value); setError(null); }} data-testid="advance-input" />
          <Button type="submit" data-testid="advance-add">{t('search.add')}</Button>
        </Group>
      </form>
      <Group gap={6} data-testid="advance-keywords">
        {keywords.map((k, i) => (
          <Badge key={`${k.t}:${k.d}`} size="lg" variant="light" pr={3} tt="none" data-testid="advance-badge"
            rightSection={
              <ActionIcon size="xs" variant="transparent" aria-label={t('common.delete')} onClick={() => onChange(keywords.filter((_, j) => j !== i))}>
                <IconX size={12} />
              </ActionIcon>
            }>
            {st(`search.type.${k.t}`)}: {k.d}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}
