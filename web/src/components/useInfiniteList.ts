/**
 * Infinite scroll (spec 000 section 4 "List loading"): a reset (any change of `resetKey`)
 * starts again at page 1 with a new random seed; while the sentinel is within `offset`
 * px of the viewport the next page loads, until the loaded count reaches totalCount
 * (`done`). An error stops loading (and is notified).
 * Items already loaded keep their identity, so memoised rows do not re-render.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { notifyError } from '../api/client';
import { newSeed } from '@model';

export interface Page<T> { items: T[]; totalCount: number }

export function useInfiniteList<T>(
  fetchPage: (page: number, seed: number, signal: AbortSignal) => Promise<Page<T>>,
  resetKey: string,
  offset: number,
) {
  const [items, setItems] = useState<T[]>([]);
  const [totalCount, setTotalCount] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState(false);
  const [visible, setVisible] = useState(false);
  const seed = useRef(newSeed());
  const generation = useRef(0);
  const abort = useRef<AbortController | null>(null);
  // A page is being asked for. Set at once (state would lag a render), so a next-page load
  // cannot start in the commit that reset the list and abort the reset's page 1.
  const busy = useRef(false);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const done = totalCount !== null && (items.length >= totalCount);

  const load = useCallback(async (nextPage: number) => {
    const gen = generation.current;
    abort.current?.abort();
    const ctrl = new AbortController();
    abort.current = ctrl;
    busy.current = true;
    setLoading(true);
    try {
      const res = await fetchRef.current(nextPage, seed.current, ctrl.signal);
      if (gen !== generation.current) return;
      setItems((prev) => (nextPage === 1 ? res.items : prev.concat(res.items)));
      setTotalCount(res.items.length === 0 && nextPage > 1 ? 0 : res.totalCount);
      setPage(nextPage);
    } catch (err) {
      if (gen !== generation.current) return;
      setError(true);
      notifyError(err);
    } finally {
      if (gen === generation.current) {
        busy.current = false;
        setLoading(false);
      }
    }
  }, []);

  // Reset: page 1, new seed.
  useEffect(() => {
    generation.current += 1;
    seed.current = newSeed();
    setItems([]);
    setTotalCount(null);
    setPage(0);
    setError(false);
    void load(1);
    return () => abort.current?.abort();
  }, [resetKey, load]);

  // Next page while the sentinel is near the viewport.
  useEffect(() => {
    if (visible && !busy.current && !loading && !error && page > 0 && !done) void load(page + 1);
  }, [visible, loading, error, page, done, load]);

  const observer = useRef<IntersectionObserver | null>(null);
  const sentinelRef = useCallback((el: HTMLElement | null) => {
    observer.current?.disconnect();
    if (!el) return;
    observer.current = new IntersectionObserver((entries) => setVisible(entries.some((e) => e.isIntersecting)), {
      rootMargin: `0px 0px ${offset}px 0px`,
    });
    observer.current.observe(el);
  }, [offset]);

  /** Drops the items matching `pred` (a deleted card) and lowers the total to match. */
  const remove = useCallback((pred: (item: T) => boolean) => {
    setItems((prev) => {
      const kept = prev.filter((i) => !pred(i));
      const removed = prev.length - kept.length;
      if (removed) setTotalCount((c) => (c === null ? c : Math.max(0, c - removed)));
      return kept;
    });
  }, []);

  return { items, remove, totalCount, loading, done, error, sentinelRef };
}
