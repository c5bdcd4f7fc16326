/**
 * The header keyword box (spec 000 section 2): 500 ms after the last keystroke it goes
 * to /works?keyword=...; clearing it goes back to /works (in the novel section,
 * /novel/works).
 */
import { useEffect, useRef, useState } from 'react';
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSection } from '../section';

export const KEYWORD_DEBOUNCE_MS = 500;

export function KeywordBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { base } = useSection();
  const [params] = useSearchParams();
  const urlKeyword = params.get('keyword') ?? '';
  const [value, setValue] = useState(urlKeyword);
  const typed = useRef(false);

  useEffect(() => {
    if (!typed.current) setValue(urlKeyword);
  }, [urlKeyword]);

  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(() => {
      typed.current = false;
      const keyword = value.trim();
      navigate(keyword ? `${base}/works?keyword=${encodeURIComponent(keyword)}` : `${base}/works`);
    }, KEYWORD_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, navigate, base]);

  return (
    <TextInput
      aria-label={t('nav.keyword')}
      placeholder={t('nav.keyword')}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(e) => { typed.current = true; setValue(e.currentTarget.value); }}
      size="sm"
      style={{ flex: 1, maxWidth: 420 }}
      data-testid="keyword-box"
    />
  );
}
