/**
 * The Koa application (DESIGN section 2 `server/`): error handling, security
 * headers, gzip, blockRemoteConnection, body parsing, the input guard (NUL bytes, JSON
 * nesting), login throttling, the API
 * routers, the players' API at /rest (src/subsonic) and the web UI; a running server
 * reloads config.json when it changes.
 * `createApp` takes the services and returns the app; `startServer` listens and
 * returns the http.Server; `stopServer` stops it gracefully.
 */
import http from 'node:http';
import Koa from 'koa';
import { bodyParser } from '@koa/bodyparser';
import type { AppServices, AppState } from './context.js';
import { errorHandler } from './middleware/errors.js';
import { inputGuard } from './middleware/input.js';
import { securityHeaders } from './middleware/security.js';
import { compressAnswers } from './middleware/compress.js';
import { blockRemote } from './middleware/remote.js';
import { loginGuard, loginThrottle } from './middleware/throttle.js';
import { handlersInFlight, type InFlight } from './middleware/in-flight.js';
import { watchConfig } from '../config/index.js';
import { serveWeb } from './static.js';
import { routers } from './routes/index.js';
import { attachRealtime } from './realtime.js';
import { scheduleBackups } from './backup-schedule.js';
import { followSharedConfig } from './shared-config.js';
import { subsonicRouter } from '../subsonic/index.js';
import { recoverTrialDownloads } from '../trial/index.js';

/**
 * Largest request head (request line and headers) in bytes: a player's GET savePlayQueue
 * repeats `id=tr-…` for every song (about 20 bytes each), so 1,000 songs of a real library
 * run past Node's 16 KB default (HTTP 431); 64 KB holds a few thousand.
 */
export const MAX_HEADER_SIZE = 64 * 1024;

/** Milliseconds stopServer gives requests in flight to finish before it cuts them (a player holding a stream open). */
export const STOP_GRACE_MS = 5_000;
/** Milliseconds past the grace stopServer waits for handlers whose connections are gone (a client that left mid-request). */
const HANDLERS_LATE_MS = 1_000;

/**
 * What stopServer ends for each started server besides its connections: the handlers in
 * flight of its app, and what runs beside it (`sideline`: the realtime side's scan, trial
 * downloads and relay, the scheduled backups, the config watchers), closed once.
 */
interface Running { inFlight: InFlight; sideline: () => Promise<void> }
const running = new WeakMap<http.Server, Running>();

/** Builds the app for the given services; `inFlight` counts its running handlers. No I/O happens until it listens. */
export function createApp(services: AppServices, inFlight: InFlight = handlersInFlight()): Koa<AppState, { services: AppServices }> {
  const app = new Koa<AppState, { services: AppServices }>();
  app.context.services = services;
  app.use(inFlight.middleware);
  // ctx.ip: the socket's address, or with trustProxy (read per request) the last X-Forwarded-For entry,
  // the one the nearest proxy added (earlier entries are whatever the client sent)
  Object.defineProperty(app, 'proxy', { get: () => services.config.trustProxy, configurable: true });
  app.maxIpsCount = 1;
  app.on('error', (err: Error & { code?: string }) => {
    if (err.code === 'EPIPE' || err.code === 'ECONNRESET' || err.code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    process.stderr.write(`audiolib: ${err.stack ?? err.message}\n`);
  });
  app.use(errorHandler());
  app.use(securityHeaders());
  app.use(compressAnswers());
  app.use(blockRemote());
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '1mb', parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'] }));
  app.use(inputGuard()); // NUL bytes and over-deep JSON bodies: 400 before any route reads them
  const signIns = loginGuard();
  app.use(loginThrottle({ guard: signIns })); // after the body parser: it counts per account name too
  for (const router of [...routers, subsonicRouter(signIns)]) app.use(router.routes()).use(router.allowedMethods());
  app.use(serveWeb());
  return app;
}

/** Listens on host:port (port 0 picks a free one). Resolves once listening; stopServer stops it and what runs beside it. */
export async function startServer(services: AppServices, port: number, host?: string): Promise<http.Server> {
  // downloads left half-done by the last run go back to where they started
  await recoverTrialDownloads(services.db, services.config, services.dataDir);
  const inFlight = handlersInFlight();
  const app = createApp(services, inFlight);
  const server = http.createServer({ maxHeaderSize: MAX_HEADER_SIZE }, app.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  // config.json changed by `audiolib config set` (or SIGHUP): apply it to the running server
  const watcher = watchConfig(services.dataDir, services.config, (line) => process.stderr.write(`audiolib: ${line}\n`));
  // and when another instance on the same PostgreSQL database saved it
  const follower = await followSharedConfig(services, watcher).catch(() => null);
  // the scanner's WebSocket at /api/ws and the scheduled scans of scanCron
  const realtime = attachRealtime(server, services);
  // the scheduled backups of backupCron; a backup under way ends before the database closes
  const backups = scheduleBackups(services, (line) => process.stderr.write(`audiolib: ${line}\n`));
  let closing: Promise<void> | undefined;
  const sideline = () => (closing ??= Promise.all([realtime.close(), backups.stop(), follower?.close()]).then(() => watcher.close()));
  running.set(server, { inFlight, sideline });
  return server;
}

/**
 * Stops a server of startServer gracefully (SIGTERM and SIGINT of `audiolib serve`): takes
 * no new connections, lets each request in flight finish and answer (idle keep-alive
 * connections are closed as they become idle), cuts what is still open after `graceMs`
 * (ms), and resolves once every connection has ended, the handlers still running for
 * clients that went away have settled (waited for until `graceMs` + HANDLERS_LATE_MS after
 * the stop began) and the realtime side has stopped: a running scan ended and recorded,
 * trial downloads put back. The database is left open: the caller closes it afterwards,
 * when nothing uses it any more. Never rejects.
 */
export async function stopServer(server: http.Server, graceMs = STOP_GRACE_MS): Promise<void> {
  const began = Date.now();
  const run = running.get(server);
  // upgraded sockets (the realtime WebSocket) keep server.close() waiting: they close first
  const sideline = run?.sideline();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  const cut = setTimeout(() => server.closeAllConnections(), graceMs);
  server.closeIdleConnections();
  try {
    await closed;
  } finally {
    clearInterval(sweep);
    clearTimeout(cut);
  }
  const handlers = run?.inFlight.settled();
  if (handlers) await within(handlers, began + graceMs + HANDLERS_LATE_MS - Date.now());
  await sideline?.catch(() => undefined);
}

/** Resolves when `promise` does or after `ms` (ms), whichever comes first. */
async function within(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, ms))))]);
  clearTimeout(timer);
}
