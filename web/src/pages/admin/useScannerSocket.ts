/**
 * The scanner page's realtime channel (spec 001 sections 3, 4 and 7): one WebSocket to
 * `/api/ws?token=...` folded into the page state.
 * - `success` = logged in on the socket: the hook then sends ON_SCANNER_PAGE, so a page
 *   opened mid-scan or after a scan gets SCAN_INIT_STATE (its status and all four lists).
 *   An answer arriving after a scan button was clicked is dropped: it is the state from
 *   before the click.
 * - SCAN_TASKS / SCAN_FAILED_TASKS / SCAN_MAIN_LOGS / SCAN_RESULTS replace their list;
 *   a task or result list arriving while not running means another page started a scan.
 * - SCAN_FINISHED {message}: state finished, the message appended to the main logs;
 *   SCAN_ERROR {error}: state error (the error logged once).
 * - `error {message}`: shown as a notice; right after a scan command it is the refusal,
 *   so the state becomes error with the message logged.
 * - The page shows only the runs of its `kinds` (the scanner page library scans, lyric scans
 *   and refreshes; /fake/spider the trial crawler): a run's messages of another kind are
 *   dropped, and SCAN_INIT_STATE of another kind's run is an empty state.
 * Texts keep their `code` and `params`: the page shows them in the UI language (serverText).
 * - The socket reconnects after a drop (1 s, then up to 10 s between tries); a close for
 *   no/bad token (4001) or a non-admin (4003) is final.
 * States: none -> running (a scan command, which clears earlier logs and tasks, or
 * SCAN_INIT_STATE of a running scan) -> finished | error (also from SCAN_INIT_STATE).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import type { ScanCommand, ScanKind, ScanLogEntry, ScanMessage, ScanResultEntry, ScanStatus, ScanTask } from '@model';
import { getToken } from '../../api/client';
import { withQuery } from '../../../../src/api/client';
import { SCANNER_SOCKET_PATH } from '../../../../src/api/routes';
import { serverText } from '../../i18n/serverText';

export type ScannerStatus = 'none' | ScanStatus;
export type ScanStartCommand = Extract<ScanCommand['type'], 'PERFORM_SCAN' | 'PERFORM_LYRIC_SCAN' | 'PERFORM_UPDATE' | 'PERFORM_METADATA_FETCH' | 'PERFORM_TRIAL_FETCH'>;

export interface ScannerState {
  status: ScannerStatus;
  tasks: ScanTask[];
  failedTasks: ScanTask[];
  mainLogs: ScanLogEntry[];
  results: ScanResultEntry[];
}

export interface ScannerSocket extends ScannerState {
  /** The socket is open. */
  connected: boolean;
  /** The server answered `success` on this socket (an admin is logged in). */
  loggedIn: boolean;
  /** Starts a scan: clears the lists, state running, sends the command. */
  perform(command: ScanStartCommand): void;
  /** Sends KILL_SCAN_PROCESS. */
  kill(): void;
}

const EMPTY: ScannerState = { status: 'none', tasks: [], failedTasks: [], mainLogs: [], results: [] };
/** Close codes after which reconnecting cannot help (no/bad token, not the admin). */
const FINAL_CLOSE_CODES = new Set([4001, 4003]);
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 10_000;

/** The socket URL for the current page: same host, ws or wss, token in the query. */
function socketUrl(): string {
  const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const token = getToken();
  return `${proto}//${window.location.host}${withQuery(SCANNER_SOCKET_PATH, { token })}`;
}

/** Folds one server message into the state; `starting` says a scan command awaits its first answer. */
function reduce(state: ScannerState, m: ScanMessage, starting: boolean): ScannerState {
  const running = (next: Partial<ScannerState>): ScannerState => ({ ...state, ...next, status: 'running' });
  switch (m.type) {
    case 'SCAN_INIT_STATE':
      return { status: m.status, tasks: m.tasks, failedTasks: m.failedTasks, mainLogs: m.mainLogs, results: m.results };
    case 'SCAN_TASKS':
      return running({ tasks: m.tasks });
    case 'SCAN_FAILED_TASKS':
      return running({ failedTasks: m.failedTasks });
    case 'SCAN_RESULTS':
      return running({ results: m.results });
    case 'SCAN_MAIN_LOGS':
      return { ...state, mainLogs: m.mainLogs };
    case 'SCAN_FINISHED':
      return { ...state, status: 'finished', mainLogs: [...state.mainLogs, { level: 'info', message: m.message, code: m.code, params: m.params }] };
    case 'SCAN_ERROR': {
      const logged = state.mainLogs.at(-1)?.message === m.error;
      return { ...state, status: 'error', mainLogs: logged ? state.mainLogs : [...state.mainLogs, { level: 'error', message: m.error, code: m.code, params: m.params }] };
    }
    case 'error':
      return starting ? { ...state, status: 'error', mainLogs: [...state.mainLogs, { level: 'error', message: m.message, code: m.code, params: m.params }] } : state;
    default:
      return state;
  }
}

/** Opens the scanner socket while the page is mounted, showing the runs of `kinds`; answers its state and commands. */
export function useScannerSocket(kinds: readonly ScanKind[]): ScannerSocket {
  const shown = useRef(kinds);
  shown.current = kinds;
  const [state, setState] = useState<ScannerState>(EMPTY);
  const [connected, setConnected] = useState(false);
  const [loggedIn, setLoggedIn] = useState(false);
  const socket = useRef<WebSocket | null>(null);
  const starting = useRef(false);

  useEffect(() => {
    let stopped = false;
    let retryMs = RETRY_FIRST_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const open = () => {
      const ws = new WebSocket(socketUrl());
      socket.current = ws;
      ws.onopen = () => setConnected(true);
      ws.onmessage = (event) => {
        let m: ScanMessage;
        try {
          m = JSON.parse(String(event.data)) as ScanMessage;
        } catch {
          return;
        }
        if (m.type === 'success') {
          retryMs = RETRY_FIRST_MS;
          setLoggedIn(true);
          // After a drop the scan may have ended unseen: only SCAN_INIT_STATE says it still runs.
          setState((s) => (s.status === 'running' ? { ...s, status: 'none' } : s));
          ws.send(JSON.stringify({ type: 'ON_SCANNER_PAGE' } satisfies ScanCommand));
          return;
        }
        if (m.type === 'error') notifications.show({ color: 'red', message: serverText(m) });
        if (m.type === 'SCAN_INIT_STATE' && starting.current) return; // the state before the click
        if ('kind' in m && m.kind && !shown.current.includes(m.kind)) {
          // another page's run: its state is none of this page's
          if (m.type === 'SCAN_INIT_STATE') setState(EMPTY);
          return;
        }
        const wasStarting = starting.current;
        starting.current = false;
        setState((s) => reduce(s, m, wasStarting));
      };
      ws.onclose = (event) => {
        if (socket.current === ws) socket.current = null;
        setConnected(false);
        setLoggedIn(false);
        if (stopped || FINAL_CLOSE_CODES.has(event.code)) return;
        timer = setTimeout(open, retryMs);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket.current?.close();
      socket.current = null;
    };
  }, []);

  const send = useCallback((type: ScanCommand['type']) => {
    const ws = socket.current;
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type } satisfies ScanCommand));
  }, []);

  const perform = useCallback((command: ScanStartCommand) => {
    starting.current = true;
    setState({ ...EMPTY, status: 'running' });
    send(command);
  }, [send]);

  const kill = useCallback(() => send('KILL_SCAN_PROCESS'), [send]);

  return { ...state, connected, loggedIn, perform, kill };
}
