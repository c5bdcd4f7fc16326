/**
 * The AI lyric tasks of the work page's tree (spec 000 sections 2, 4 and 9): GET
 * /api/lyric/translate/work/{id} when the page opens and on every `refresh()` (after a
 * task was created), debounced 500 ms, the newest answer winning; polled every 10 s
 * while a task is pending or transcribing.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LyricTask } from '@model';
import { AI_POLL_MS, AI_STATUS_DEBOUNCE_MS, workTasks } from '../../api/lyric';
import { mergeTaskStatus, shouldPollTasks } from '../../../../src/lyrics/status.js';
import { debouncedLatest, type DebouncedLatest } from './debouncedLatest';

/** The tasks of work `id` (none for an id that is not a number) and the call that reloads them. */
export function useWorkTasks(id: string): { tasks: LyricTask[]; refresh(): void } {
  const [tasks, setTasks] = useState<LyricTask[]>([]);
  const loader = useRef<DebouncedLatest | null>(null);

  useEffect(() => {
    setTasks([]);
    if (!/^\d+$/.test(id)) return;
    const l = debouncedLatest(() => workTasks(Number(id)), setTasks, (err) => console.warn('AI task search failed', err), AI_STATUS_DEBOUNCE_MS);
    loader.current = l;
    l.request();
    return () => {
      l.dispose();
      loader.current = null;
    };
  }, [id]);
  const refresh = useCallback(() => loader.current?.request(), []);

  const busy = shouldPollTasks(mergeTaskStatus(tasks.map((t) => t.status), 'folder'));
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(refresh, AI_POLL_MS);
    return () => clearInterval(timer);
  }, [busy, refresh]);

  return { tasks, refresh };
}
