/**
 * Paged works lists (spec 000 section 4 "List loading"): a new key (filter, sort, route)
 * restarts at page 1; `more()` loads the next page until the loaded count reaches
 * totalCount; an error stops loading.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Pagination, Work } from '../../model/index.js';

export interface Paged<T = Work> { items: T[]; total: number; loading: boolean; error: string | null; done: boolean; more(): void }

/** Pages of works of either catalogue (audio works, novels). */
export function usePaged<T = Work>(key: string, loadPage: (page: number) => Promise<{ works: T[]; pagination: Pagination }>): Paged<T> {
  const [state, setState] = useState<{ key: string; items: T[]; total: number; page: number; error: string | null; loading: boolean }>({ key, items: [], total: 0, page: 0, error: null, loading: true });
  const busy = useRef(false);
  const loader = useRef(loadPage);
  loader.current = loadPage;

  const fetchPage = useCallback((forKey: string, page: number, reset: boolean) => {
    busy.current = true;
    loader.current(page).then(
      (answer) => {
        setState((s) => (s.key !== forKey && !reset ? s : { key: forKey, items: reset ? answer.works : [...s.items, ...answer.works], total: answer.pagination.totalCount, page, error: null, loading: false }));
        busy.current = false;
      },
      (err: Error) => {
        setState((s) => ({ ...s, key: forKey, error: err.message, loading: false }));
        busy.current = false;
      },
    );
  }, []);

  useEffect(() => {
    setState({ key, items: [], total: 0, page: 0, error: null, loading: true });
    fetchPage(key, 1, true);
  }, [key, fetchPage]);

  const current = state.key === key;
  const done = current && !state.loading && (state.error !== null || state.items.length >= state.total);
  const more = useCallback(() => {
    if (busy.current || done || !current || state.loading) return;
    setState((s) => ({ ...s, loading: true }));
    fetchPage(key, state.page + 1, false);
  }, [done, current, state.loading, state.page, key, fetchPage]);

  return { items: current ? state.items : [], total: current ? state.total : 0, loading: !current || state.loading, error: current ? state.error : null, done, more };
}

/**
 * The list cursor of a paged list: `cursor` kept within the loaded rows, and the next
 * page loaded once the cursor is within `rows` of the end.
 */
export function usePagedCursor<T>(list: Paged<T>, cursor: number, rows: number): number {
  const at = Math.min(cursor, Math.max(0, list.items.length - 1));
  useEffect(() => {
    if (list.items.length - at <= rows && !list.done) list.more();
  }, [at, list.items.length, list.done, rows, list]);
  return at;
}
