/**
 * The realtime scanner channel (DESIGN section 6, spec 001 section 7): one
 * WebSocket at `/api/ws?token=...` (or `Authorization: Bearer`), admin only. On connect
 * an admin gets `success {message, auth, user}`; anyone else gets `error {message}` and
 * the socket closes (4001 no or bad token, 4003 not admin). Commands (JSON `{type}`):
 * ON_SCANNER_PAGE, PERFORM_SCAN, PERFORM_LYRIC_SCAN, PERFORM_UPDATE, KILL_SCAN_PROCESS, and
 * audiolib's PERFORM_METADATA_FETCH (the metadata of the works still without it).
 * ON_SCANNER_PAGE is answered with SCAN_INIT_STATE (the running scan's state, else the
 * last finished one's; nothing before the first scan), then, while a CLI scan holds the
 * lock, SCAN_MAIN_LOGS naming it.
 * Messages: SCAN_TASKS, SCAN_FAILED_TASKS, SCAN_MAIN_LOGS, SCAN_RESULTS, SCAN_INIT_STATE,
 * SCAN_FINISHED, SCAN_ERROR, TRIAL_DOWNLOAD (a trial download's progress), success, error
 * (shapes in src/model/wire.ts; every text and log line with its `code` and `params`,
 * src/model/messages.ts). A run's SCAN_* messages carry its `kind` (scan, lyrics, update,
 * trial): the scanner page shows the first three, /fake/spider the trial crawler's, and a
 * killed run ends with its own kind's message.
 * On PostgreSQL the scanner's messages also go to the admins of every other instance on
 * the database (scan-relay.ts).
 * Commands sent before the token check finishes wait and run after `success`, in
 * order (a refused socket's are dropped); any other `type`, names such as `toString`
 * included, answers `error {message: 'unknown command: ...'}`.
 */
import { SCANNER_SOCKET_PATH } from '../api/routes/index.js';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket } from 'ws';
import { scheduleScans } from '../scan/index.js';
import type { AppServices } from './context.js';
import { verifyToken } from '../users/index.js';
import { isRemoteBlocked } from './middleware/remote.js';
import { ScanManager, type ScanCommandKind } from './scan-manager.js';
import { trialDownloadsOf } from './trial-downloads.js';
import { say, type ScanMessage, type User } from '../model/index.js';
import { relayScanMessages } from './scan-relay.js';


const COMMANDS: Record<string, ScanCommandKind> = { PERFORM_SCAN: 'scan', PERFORM_LYRIC_SCAN: 'lyrics', PERFORM_UPDATE: 'update', PERFORM_METADATA_FETCH: 'metadata', PERFORM_TRIAL_FETCH: 'trial' };

/** Commands a socket may send before its token check finishes; one more closes it (1008). */
const MAX_WAITING = 32;

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
  const user = await verifyToken(services.db, services.secret, token).catch(() => null);
  return user && { name: user.name, group: user.group };
}

/**
 * Attaches the scanner socket to `server` and starts the scheduled scans of `scanCron`
 * (node-cron syntax; empty = none; an invalid expression is reported on stderr and
 * ignored). Each scheduled scan logs its start and its end (the summary line, or why it
 * was skipped or failed) on stderr; any other scan that stops because its database
 * connection ended (`scan.lockLost`) logs that one line too. Answers the manager and a
 * close function.
 */
export function attachRealtime(server: http.Server, services: AppServices): Realtime {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const send = (ws: WebSocket, message: ScanMessage) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  };
  const admins = new Set<WebSocket>();
  const log = (line: string) => process.stderr.write(`audiolib: ${line}\n`);
  /** Whether the running scan is a scheduled one, whose end goes to the log. */
  let scheduled = false;
  const broadcast = (message: ScanMessage) => admins.forEach((ws) => send(ws, message));
  // other instances' scanner messages (PostgreSQL)
  const relay = relayScanMessages(services.db, broadcast, log);
  const manager = new ScanManager(services, (message) => {
    // a refusal by the lock (another instance scans) is for this instance's admins only
    if (!(message.type === 'SCAN_ERROR' && message.code === 'scan.locked')) relay.publish(message);
    if (scheduled && (message.type === 'SCAN_FINISHED' || message.type === 'SCAN_ERROR')) {
      scheduled = false;
      log(message.type === 'SCAN_FINISHED' ? `scheduled ${message.message}` : `scheduled scan failed: ${message.error}`);
    } else if (message.type === 'SCAN_ERROR' && message.code === 'scan.lockLost') {
      // the database went away under a scan started from the page: the operator's log says so too
      log(message.error);
    }
    broadcast(message);
  });
  const downloads = trialDownloadsOf(services);
  const unsubscribe = downloads.subscribe((download) => broadcast({ type: 'TRIAL_DOWNLOAD', download }));

  const onUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== SCANNER_SOCKET_PATH) return; // another upgrade handler may own it
    if (isRemoteBlocked(services.config, req.socket.remoteAddress)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      // commands may arrive before the token check finishes: they wait, in order
      const waiting: string[] = [];
      let onMessage = (text: string) => {
        if (waiting.length < MAX_WAITING) waiting.push(text);
        else ws.close(1008, 'too many commands before sign-in');
      };
      ws.on('message', (data) => onMessage(data.toString()));
      void userOf(services, req).then((user) => {
        if (ws.readyState !== WebSocket.OPEN) return; // gone (or closed above) while the token was checked
        if (!user || user.group !== 'admin') {
          send(ws, { type: 'error', ...say(user ? 'auth.adminOnly' : 'auth.signInAgain') });
          ws.close(user ? 4003 : 4001, user ? 'admin only' : 'unauthorized');
          return;
        }
        admins.add(ws);
        ws.on('close', () => admins.delete(ws));
        ws.on('error', () => admins.delete(ws));
        send(ws, { type: 'success', ...say('auth.signedIn'), auth: services.config.auth, user });
        onMessage = (text) => void onCommand(ws, text);
        for (const text of waiting.splice(0)) onMessage(text);
      });
    });
  };

  /** Runs one command (JSON `{type}`); `type` must be an own key of the known commands, anything else answers error. */
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
      if (!manager.kill()) send(ws, { type: 'error', ...say('scan.notRunning') });
    } else if (typeof type === 'string' && Object.hasOwn(COMMANDS, type)) {
      const refused = manager.start(COMMANDS[type]!);
      if (refused) send(ws, { type: 'error', ...refused });
    } else {
      send(ws, { type: 'error', ...say('socket.unknownCommand', { command: typeof type === 'string' ? type : text.slice(0, 80) }) });
    }
  };

  server.on('upgrade', onUpgrade);

  const schedule = scheduleScans(services.config.scanCron, services.config.rootFolders, () => manager.start('scan'), () => {
    scheduled = true;
  }, log);

  return {
    manager,
    async close() {
      schedule.stop();
      server.off('upgrade', onUpgrade);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      manager.kill();
      unsubscribe();
      await Promise.all([manager.idle(), downloads.close(), relay.close()]);
    },
  };
}
