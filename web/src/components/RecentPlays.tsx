/**
 * The home list's horizontal 'recent plays' strip (spec 000 section 2): history items,
 * each linking to its work (in the trial catalogue for a trial work), a heading linking to
 * the history page; it loads the next history page when fewer than 3 items remain past the
 * visible edge. Each card shows the caller's progress (HistoryProgress, beyond the spec).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Anchor, Card, Group, Image, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Work } from '@model';
import { call, coverUrl, notifyError, routes } from '../api/client';
import { HistoryProgress } from './HistoryProgress';
import { workPage } from '../api/scope';

export function RecentPlays() {
  const { t } = useTranslation();
  const [works, setWorks] = useState<Work[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(0);
  const loading = useRef(false);

  const load = useCallback(async (p: number) => {
    if (loading.current) return;
    loading.current = true;
    try {
      const res = await call(routes.favourites.history, { query: { page: p, order: 'updated_at', sort: 'desc' } });
      setWorks((prev) => (p === 1 ? res.works : prev.concat(res.works)));
      setTotal(res.pagination.totalCount);
      setPage(p);
    } catch (err) {
      notifyError(err);
    } finally {
      loading.current = false;
    }
  }, []);

  useEffect(() => { void load(1); }, [load]);

  const observer = useRef<IntersectionObserver | null>(null);
  const watchRef = useCallback((el: HTMLElement | null) => {
    observer.current?.disconnect();
    if (!el) return;
    observer.current = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && works.length < total) void load(page + 1);
    });
    observer.current.observe(el);
  }, [works.length, total, page, load]);

  if (!works.length) return null;
  return (
    <div data-testid="recent-plays" style={{ marginBottom: 16 }}>
      <Group justify="space-between" mb={6}>
        <Text fw={600}>{t('works.recent')}</Text>
        <Anchor component={Link} to="/favourites" size="sm">{t('works.recentAll')}</Anchor>
      </Group>
      <div style={{ overflowX: 'auto', paddingBottom: 6 }}>
        {/* stretched: a one-line title's card is as tall as a two-line one's */}
        <Group wrap="nowrap" gap="sm" align="stretch">
          {works.map((w, i) => (
            <Card key={w.id} ref={i === Math.max(0, works.length - 3) ? watchRef : undefined} withBorder padding={6} w={140} component={Link} to={workPage(w.trial ? 'trial' : 'library', w.id)} style={{ flexShrink: 0 }} data-testid="recent-play">
              <Image src={coverUrl(w.id, '240x240', w.trial ? 'trial' : 'library')} h={90} radius="sm" alt="" loading="lazy" />
              <HistoryProgress state={w.state} />
              <Text size="xs" lineClamp={2} mt={4}>{w.title}</Text>
            </Card>
          ))}
        </Group>
      </div>
    </div>
  );
}
