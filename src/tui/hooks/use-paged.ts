/**
 * Paged works lists (spec 000 section 4 "List loading"): a new key (filter, sort, route)
 * restarts at page 1; `more()` loads the next page until the loaded count reaches
 * totalCount, `more(rows)` the pages up to `rows` rows in one go (G on a long list);
 * an error stops loading.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Pagination, Work } from '../../model/index.js';

export interface Paged<T = Work> { items: T[]; total: number; loading: boolean; error: string | null; done: boolean; more(rows?: number): void }

/** Pages of works of either catalogue (audio works, novels). */
export function usePaged<T = Work>(key: string, loadPage: (page: number) => Promise<{ works: T[]; pagination: Pagination }>): Paged<T> {
  const [state, setState] = useState<{ key: string; items: T[]; total: number; page: number; error: string | null; loading: boolean }>({ key, items: [], total: 0, page: 0, error: null, loading: true });
  const busy = useRef(false);
  const loader = useRef(loadPage);
  loader.current = loadPage;

  /** Loads `page`, and the pages after it while the list would hold fewer than `rows` rows (`have` loaded before). */
  const fetchPage = useCallback((forKey: string, page: number, reset: boolean, rows = 0, have = 0) => {
    busy.current = true;
    (async () => {
      let answer = await loader.current(page);
      let works = answer.works;
      let last = page;
      while (answer.works.length > 0 && have + works.length < Math.min(rows, answer.pagination.totalCount)) {
        answer = await loader.current(++last);
        works = [...works, ...answer.works];
      }
      return { works, total: answer.pagination.totalCount, last };
    })().then(
      (answer) => {
        setState((s) => (s.key !== forKey && !reset ? s : { key: forKey, items: reset ? answer.works : [...s.items, ...answer.works], total: answer.total, page: answer.last, error: null, loading: false }));
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
  const more = useCallback((rows = 0) => {
    if (busy.current || done || !current || state.loading) return;
    setState((s) => ({ ...s, loading: true }));
    fetchPage(key, state.page + 1, false, rows, state.items.length);
  }, [done, current, state.loading, state.page, state.items.length, key, fetchPage]);

  return { items: current ? state.items : [], total: current ? state.total : 0, loading: !current || state.loading, error: current ? state.error : null, done, more };
}

/**
 * The rows a paged list has in all, loaded or not: what the list keys move within, so
 * G/End go to the last row of the whole list (the cursor shows at the last loaded row
 * while usePagedCursor loads the pages up to it).
 */
export function pagedCount<T>(list: Paged<T>): number {
  return Math.max(list.items.length, list.total);
}

/**
 * The list cursor of a paged list: `cursor` kept within the loaded rows, and the next
 * page loaded once the cursor is within `rows` of the end.
 */
export function usePagedCursor<T>(list: Paged<T>, cursor: number, rows: number): number {
  const at = Math.min(cursor, Math.max(0, list.items.length - 1));
  useEffect(() => {
    if (list.items.length - at <= rows && !list.done) list.more(cursor + 1 + rows);
  }, [at, cursor, list.items.length, list.done, rows, list]);
  return at;
}
