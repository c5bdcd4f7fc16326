/**
 * The realtime scanner channel (DESIGN section 6, spec 001 section 7, issue 4): one
 * WebSocket at `/api/ws?token=...` (or `Authorization: Bearer`), admin only. On connect
 * an admin gets `success {message, auth, user}`; anyone else gets `error {message}` and
 * the socket closes (4001 no or bad token, 4003 not admin). Commands (JSON `{type}`):
 * ON_SCANNER_PAGE, PERFORM_SCAN, PERFORM_LYRIC_SCAN, PERFORM_UPDATE, KILL_SCAN_PROCESS.
 * ON_SCANNER_PAGE is answered with SCAN_INIT_STATE (the running scan's state, else the
 * last finished one's; nothing before the first scan), then, while a CLI scan holds the
 * lock, SCAN_MAIN_LOGS naming it.
 * Messages: SCAN_TASKS, SCAN_FAILED_TASKS, SCAN_MAIN_LOGS, SCAN_RESULTS, SCAN_INIT_STATE,
 * SCAN_FINISHED, SCAN_ERROR, TRIAL_DOWNLOAD (a trial download's progress), success, error
 * (shapes in src/model/wire.ts).
 */
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket } from 'ws';
import cron from 'node-cron';
import type { AppServices } from './context.js';
import { verifyToken } from '../users/index.js';
import { isRemoteBlocked } from './middleware/remote.js';
import { ScanManager, type ScanCommandKind } from './scan-manager.js';
import { trialDownloadsOf } from './trial-downloads.js';
import type { ScanMessage, User } from '../model/index.js';

export const REALTIME_PATH = '/api/ws';

const COMMANDS: Record<string, ScanCommandKind> = { PERFORM_SCAN: 'scan', PERFORM_LYRIC_SCAN: 'lyrics', PERFORM_UPDATE: 'update', PERFORM_TRIAL_FETCH: 'trial' };

export interface Realtime {
  manager: ScanManager;
  /** Stops the schedule, kills a running scan and closes every socket. */
  close(): Promise<void>;
}

/** Resolves the connecting user: the admin when auth is off, else the token's user, or null. */
async function userOf(services: AppServices, req: http.IncomingMessage): Promise<User | null> {
  if (!services.config.auth) return { name: 'admin', group: 'admin' };
  const url = new URL(req.url ?? '/', 'http://localhost');
  const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
  const token = bearer || url.searchParams.get('token');
  if (!token) return null;
  return verifyToken(services.db, services.secret, token).catch(() => null);
}

/**
 * Attaches the scanner socket to `server` and starts the scheduled scans of `scanCron`
 * (node-cron syntax; empty = none; an invalid expression is reported on stderr and
 * ignored). Answers the manager and a close function.
 */
export function attachRealtime(server: http.Server, services: AppServices): Realtime {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const send = (ws: WebSocket, message: ScanMessage) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  };
  const admins = new Set<WebSocket>();
  const broadcast = (message: ScanMessage) => admins.forEach((ws) => send(ws, message));
  const manager = new ScanManager(services, broadcast);
  const downloads = trialDownloadsOf(services);
  const unsubscribe = downloads.subscribe((download) => broadcast({ type: 'TRIAL_DOWNLOAD', download }));

  const onUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== REALTIME_PATH) return; // another upgrade handler may own it
    if (isRemoteBlocked(services.config, req.socket.remoteAddress)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      void userOf(services, req).then((user) => {
        if (!user || user.group !== 'admin') {
          send(ws, { type: 'error', message: user ? 'admin only' : 'unauthorized: log in again' });
          ws.close(user ? 4003 : 4001, user ? 'admin only' : 'unauthorized');
          return;
        }
        admins.add(ws);
        ws.on('close', () => admins.delete(ws));
        ws.on('error', () => admins.delete(ws));
        ws.on('message', (data) => void onCommand(ws, data.toString()));
        send(ws, { type: 'success', message: 'logged in', auth: services.config.auth, user });
      });
    });
  };

  const onCommand = async (ws: WebSocket, text: string) => {
    let type: unknown;
    try {
      type = (JSON.parse(text) as { type?: unknown }).type;
    } catch {
      type = undefined;
    }
    if (type === 'ON_SCANNER_PAGE') {
      // The state goes out before any await: it answers the commands sent before
      // ON_SCANNER_PAGE, never one sent after it.
      const state = manager.initState();
      if (state) send(ws, state);
      const other = await manager.otherProcessScan().catch(() => null);
      if (other) send(ws, other);
    } else if (type === 'KILL_SCAN_PROCESS') {
      if (!manager.kill()) send(ws, { type: 'error', message: 'no scan is running' });
    } else if (typeof type === 'string' && type in COMMANDS) {
      const refused = manager.start(COMMANDS[type]!);
      if (refused) send(ws, { type: 'error', message: refused });
    } else {
      send(ws, { type: 'error', message: `unknown command: ${typeof type === 'string' ? type : text.slice(0, 80)}` });
    }
  };

  server.on('upgrade', onUpgrade);

  let task: { stop: () => unknown } | null = null;
  const expression = services.config.scanCron.trim();
  if (expression) {
    if (cron.validate(expression)) {
      task = cron.schedule(expression, () => {
        const refused = manager.start('scan');
        if (refused) process.stderr.write(`audiolib: scheduled scan skipped: ${refused}\n`);
      });
    } else {
      process.stderr.write(`audiolib: scanCron: not a cron expression: ${expression}\n`);
    }
  }

  return {
    manager,
    async close() {
      task?.stop();
      server.off('upgrade', onUpgrade);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      manager.kill();
      unsubscribe();
      await Promise.all([manager.idle(), downloads.close()]);
    },
  };
}
