/**
 * The header keyword box (spec 000 section 2): 500 ms after the last keystroke it goes
 * to /works?keyword=...; clearing it goes back to /works. On the trial catalogue's
 * pages it searches the trial list (/fake/works?keyword=...), in the novel section the
 * novel list (/novel/works?keyword=...).
 */
import { useEffect, useRef, useState } from 'react';
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { scopeOfPath, worksPage } from '../api/scope';
import { useCatalogue } from '../catalogue';

export const KEYWORD_DEBOUNCE_MS = 500;

export function KeywordBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const list = `${useCatalogue().base}${worksPage(scopeOfPath(useLocation().pathname))}`;
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
      navigate(keyword ? `${list}?keyword=${encodeURIComponent(keyword)}` : list);
    }, KEYWORD_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, navigate, list]);

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
