/**
 * PostgreSQL for the tests (AUDIOLIB_TEST_DB=pg): a throwaway cluster started by the vitest
 * global setup (pg-setup.ts) from the distribution's PostgreSQL binaries (initdb into a
 * temporary folder, a free port, a unix socket in that folder, run as the `postgres` user
 * when root), a migrated template database, and a fresh database per test data directory
 * (CREATE DATABASE ... TEMPLATE, fast).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Whether this run tests the PostgreSQL engine. */
export const PG_MODE = process.env.AUDIOLIB_TEST_DB === 'pg';

/** The role the tests connect as (trust authentication over the socket). */
const ROLE = 'audiolib';
/** The role's password, asked for over TCP (scram-sha-256, as the distribution's package sets up); the socket trusts. */
export const TEST_ROLE_PASSWORD = 'audiolib-test-pw';
/** The migrated database every test database is copied from. */
export const TEMPLATE_DB = 'audiolib_template';

/** The folder of initdb and pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/<version>/bin. */
function pgBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
  if (versions.length === 0) throw new Error('PostgreSQL binaries not found (install the postgresql package, or set PG_BIN)');
  return path.join(root, versions.sort((a, b) => Number(b) - Number(a))[0]!, 'bin');
}

/** Runs a PostgreSQL binary, as the `postgres` user when this process is root (the server refuses root). */
function runPg(bin: string, args: string[]): string {
  const file = path.join(pgBin(), bin);
  const asRoot = process.getuid?.() === 0;
  return execFileSync(asRoot ? 'runuser' : file, asRoot ? ['-u', 'postgres', '--', file, ...args] : args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A TCP port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((r) => server.close(r));
  return port;
}

/**
 * A running throwaway cluster: its socket folder and port, the URL of a database on it;
 * `down()` stops the server (fast shutdown: sessions are ended, as in a restart) and `up()`
 * starts it again on the same port and data; `stop()` stops it and removes its folder.
 */
export interface Cluster { folder: string; port: number; url(db: string): string; down(): void; up(): void; stop(): void }

/** The connection URL of database `db` on the cluster of `folder` (socket) and `port`. */
export const clusterUrl = (folder: string, port: number, db: string) => `postgres://${ROLE}@localhost:${port}/${db}?host=${encodeURIComponent(folder)}`;

/** Starts a throwaway cluster; `stop()` stops it and removes its folder. */
export async function startCluster(): Promise<Cluster> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:', folder]);
  const data = path.join(folder, 'data');
  const port = await freePort();
  const stop = () => {
    try {
      runPg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // not running
    }
    fs.rmSync(folder, { recursive: true, force: true });
  };
  const options = `-p ${port} -k ${folder} -c listen_addresses='127.0.0.1' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  const up = () => void runPg('pg_ctl', ['-D', data, '-l', path.join(folder, 'log'), '-o', options, '-w', 'start']);
  const down = () => void runPg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  try {
    const pwfile = path.join(folder, 'pwfile');
    fs.writeFileSync(pwfile, `${TEST_ROLE_PASSWORD}\n`, { mode: 0o644 });
    runPg('initdb', ['-D', data, '-U', ROLE, '--auth-local=trust', '--auth-host=scram-sha-256', `--pwfile=${pwfile}`, '-E', 'UTF8', '--locale=C.UTF-8']);
    up();
  } catch (err) {
    stop();
    throw err;
  }
  return { folder, port, url: (db) => clusterUrl(folder, port, db), down, up, stop };
}

/** Where the global setup's cluster is (set by pg-setup.ts for the test processes). */
const running = () => {
  const [folder, port] = (process.env.AUDIOLIB_TEST_PG ?? '').split('|');
  if (!folder || !port) throw new Error('AUDIOLIB_TEST_DB=pg but no test cluster runs (vitest globalSetup test/helpers/pg-setup.ts)');
  return { folder, port: Number(port) };
};

/** Creates database `name` on the cluster (a copy of `template` when given) and answers its URL. */
export function createDatabase(folder: string, port: number, name: string, template?: string): string {
  const args = ['-h', folder, '-p', String(port), '-U', ROLE, ...(template ? ['-T', template] : []), name];
  execFileSync(path.join(pgBin(), 'createdb'), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return clusterUrl(folder, port, name);
}

let counter = 0;

/** Creates a fresh database on the test cluster, migrated (a copy of the template) or empty, and answers its URL. */
export function createTestDatabase(migrated = true): string {
  const { folder, port } = running();
  return createDatabase(folder, port, `t_${process.pid}_${Date.now().toString(36)}_${counter++}`, migrated ? TEMPLATE_DB : undefined);
}

/** The URL of database `name` on the test cluster over TCP (127.0.0.1), signing in with `password`. */
export function tcpTestUrl(name: string, password: string): string {
  return `postgres://${ROLE}:${encodeURIComponent(password)}@127.0.0.1:${running().port}/${name}`;
}
