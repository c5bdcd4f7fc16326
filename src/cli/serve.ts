/**
 * `audiolib serve [--port N] [--host H]`: migrates, creates the first admin
 * (password printed once), and serves the API and web UI (DESIGN section 1). A row
 * `admin` outside the admin group (made before the name was reserved) would leave the
 * instance with no admin: serve refuses to start (exit 2) and names the repair.
 * The start banner names the address the server listens on, as the system reports
 * it (every address without --host); a warning follows whenever auth is off. Then the
 * works are read into the catalogue cache in the background (src/catalogue/preload.ts),
 * said when PRELOAD_REPORTED or more, and every PRELOAD_EVERY_MS those changes dropped
 * (when the library fits in memory: preload.ts `again`).
 * SIGTERM or SIGINT stops it gracefully (stopServer: requests in flight answer, a running
 * scan ends), then closes the database and exits 0; more signals meanwhile change nothing,
 * and a stop not done within STOP_LIMIT_MS exits 1.
 */
import type { AddressInfo } from 'node:net';
import type { Command } from 'commander';
import { openServices } from '../server/services.js';
import { STOP_GRACE_MS, startServer, stopServer } from '../server/app.js';
import { ADMIN_NAME, ensureAdmin, findUser } from '../users/index.js';
import { preloadWorks, type ReadContext } from '../catalogue/index.js';
import { audioSummaries } from '../subsonic/tracks.js';
import { resolveDataDir } from '../config/index.js';
import { CliError, info } from './output.js';

/** Works the start's preload must have read to say so (smaller libraries are read in well under a second). */
const PRELOAD_REPORTED = 10_000;
/** Milliseconds between the passes that read again the works catalogue changes dropped from memory (libraries that fit in it). */
const PRELOAD_EVERY_MS = 10 * 60_000;
/** Milliseconds a graceful stop may take in all (requests' grace, then a scan ending at its next check) before the process exits 1. */
const STOP_LIMIT_MS = 15_000;

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('serve the API and the web UI')
    .option('--port <n>', 'port to listen on (default: AUDIOLIB_PORT, else config listenPort 8888)')
    .option('--host <host>', 'address to listen on (default: all)')
    .action(async (opts: { port?: string; host?: string }) => {
      const global = program.opts<{ dataDir?: string; db?: string }>();
      const dataDir = resolveDataDir(global.dataDir);
      const services = await openServices(dataDir, global.db);
      const portText = opts.port ?? process.env.AUDIOLIB_PORT;
      const port = portText === undefined ? services.config.listenPort : Number(portText);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError(`invalid port: ${portText}`);
      const existing = await findUser(services.db, ADMIN_NAME);
      if (existing && existing.group !== 'admin') {
        throw new CliError(`user ${ADMIN_NAME} is in group ${existing.group}, so this instance has no admin: repair it with \`audiolib user set-group ${ADMIN_NAME} admin\`, then start again`);
      }
      const created = await ensureAdmin(services.db, process.env.AUDIOLIB_ADMIN_PASSWORD);
      if (created !== null) {
        info(process.env.AUDIOLIB_ADMIN_PASSWORD ? 'created user admin with the password from AUDIOLIB_ADMIN_PASSWORD' : `created user admin, password: ${created}  (shown once; change it in the admin page)`);
      }
      const server = await startServer(services, port, opts.host);
      const { address, port: actual } = server.address() as AddressInfo;
      const every = address === '::' || address === '0.0.0.0';
      const url = `http://${address.includes(':') ? `[${address}]` : address}:${actual}`;
      info(`audiolib serving ${dataDir} on ${url}${every ? ` (every address; on this machine http://localhost:${actual})` : ''}`);
      if (!services.config.auth) info(`audiolib: warning: auth is off: every request acts as the admin${every ? ', from any address that reaches this one' : ''}`);
      const preload = new AbortController();
      const alongside = (read: ReadContext, ids: number[]) => audioSummaries(read, ids, services.config.subsonicVariant);
      const readIntoMemory = (again: boolean) => preloadWorks(services.db, { signal: preload.signal, alongside, again }).then(({ works, ms }) => {
        if (!again && works >= PRELOAD_REPORTED) info(`audiolib: ${works.toLocaleString('en')} works read into memory in ${(ms / 1000).toFixed(1)} s`);
      }, (err: Error) => {
        if (!preload.signal.aborted) info(`audiolib: reading the works into memory failed (they are read as requests need them): ${err.message}`);
      });
      void readIntoMemory(false);
      const rereading = setInterval(() => void readIntoMemory(true), PRELOAD_EVERY_MS).unref();
      let stopping = false;
      const stop = (signal: NodeJS.Signals) => {
        // one stop: a terminal's Ctrl-C reaches both npm (which passes it on) and this process
        if (stopping) return;
        stopping = true;
        preload.abort();
        clearInterval(rereading);
        info(`audiolib: ${signal}: stopping (requests in flight have ${STOP_GRACE_MS / 1000} s to finish)`);
        setTimeout(() => {
          info(`audiolib: not stopped after ${STOP_LIMIT_MS / 1000} s (a scan still busy): stopping now`);
          process.exit(1);
        }, STOP_LIMIT_MS).unref();
        void stopServer(server)
          .then(() => services.db.destroy())
          .then(() => process.exit(0), (err: Error) => {
            info(`audiolib: closing the database failed: ${err.message}`);
            process.exit(1);
          });
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
}
