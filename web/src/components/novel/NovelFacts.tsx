/**
 * A novel's word count in ten-thousands (万字) and its status, complete or serial (spec
 * 001 sections 2 and 3: `process` 0 complete, 1 serial). Nothing for an audio work.
 */
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { wordCountWan, type NovelWork } from '@model';

export function NovelFacts({ work, size = 'xs' }: { work: Partial<Pick<NovelWork, 'wordCount' | 'process'>>; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  if (work.wordCount === undefined || work.process === undefined) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size={size} c="dimmed" data-testid="novel-words">{t('novel.wordCount', { n: wordCountWan(work.wordCount) })}</Text>
      <Badge size={size} variant="light" color={work.process === 0 ? 'green' : 'orange'} data-testid="novel-status">
        {t(work.process === 0 ? 'novel.complete' : 'novel.serial')}
      </Badge>
    </Group>
  );
}
