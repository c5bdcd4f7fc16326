/**
 * Live configuration (spec 001 sections 2 and 3): which keys need a restart
 * (RESTART_KEYS, src/model/config-keys.ts), applying a new config to the running server's config
 * object, and picking up changes other processes (`audiolib config set`) make to
 * config.json while the server runs (file watch and SIGHUP).
 */
import fs from 'node:fs';
import { configPath, loadConfig } from './load.js';
import type { Config } from './schema.js';
import { RESTART_KEYS } from '../model/index.js';

/** Keys the admin API refuses to change (spec 001 section 3: production is read-only). */
export const READ_ONLY_KEYS = ['production'] as const satisfies readonly (keyof Config)[];

/** The keys whose values differ between two configs (deep compare through JSON). */
export function changedKeys(before: Config, after: Config): (keyof Config)[] {
  return (Object.keys(after) as (keyof Config)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

/** The values of RESTART_KEYS the running server started with, per live config object. */
const startValues = new WeakMap<Config, Partial<Config>>();

/** Records the restart-only values a server starts with (called by watchConfig). */
export function rememberStartValues(live: Config): void {
  if (!startValues.has(live)) startValues.set(live, Object.fromEntries(RESTART_KEYS.map((k) => [k, live[k]])));
}

/**
 * Copies `next` into the live config object in place (everything holding the
 * object sees the new values). Returns the restart-only keys whose value now
 * differs from the one the server started with (from the previous value when
 * no start was recorded): those wait for the next start.
 */
export function applyConfig(live: Config, next: Config): (keyof Config)[] {
  const base = startValues.get(live) ?? { ...live };
  Object.assign(live, next);
  return RESTART_KEYS.filter((k) => JSON.stringify(base[k]) !== JSON.stringify(live[k]));
}

export interface ConfigWatcher {
  /** Re-reads config.json now (another instance saved it), applying it if it changed. */
  reload(): void;
  close(): void;
}

/**
 * Reloads config.json into `live` when the file changes (fs.watch on the data
 * directory, since saves replace the file by rename) or the process gets SIGHUP.
 * A file that does not parse or validate is reported through `log` and the
 * running config is kept. `log` receives one line per reload. Returns a closer.
 */
export function watchConfig(dataDir: string, live: Config, log: (line: string) => void): ConfigWatcher {
  const file = configPath(dataDir);
  rememberStartValues(live);
  let timer: NodeJS.Timeout | undefined;
  let lastText = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  /** `signal` true for SIGHUP: reload even when the text looks unchanged, and always say so. */
  const reload = (signal: boolean) => {
    try {
      const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      if (!signal && text === lastText) return;
      lastText = text;
      const next = loadConfig(dataDir);
      const changed = changedKeys(live, next);
      if (!changed.length) {
        if (signal) log(`config reloaded from ${file} (SIGHUP): no changes`);
        return;
      }
      const restart = applyConfig(live, next);
      log(`config reloaded from ${file}${signal ? ' (SIGHUP)' : ''} (${changed.join(', ')})${restart.length ? `; restart needed for: ${restart.join(', ')}` : ''}`);
    } catch (err) {
      log(`config not reloaded: ${(err as Error).message}`);
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => reload(false), 50);
  };
  let watcher: fs.FSWatcher | undefined;
  try {
    watcher = fs.watch(dataDir, { persistent: false }, (_event, name) => {
      if (!name || name === 'config.json') schedule();
    });
    watcher.on('error', () => undefined);
  } catch {
    watcher = undefined; // no watch support: SIGHUP still works
  }
  const onHup = () => reload(true);
  process.on('SIGHUP', onHup);
  return {
    reload: () => reload(false),
    close() {
      clearTimeout(timer);
      watcher?.close();
      process.off('SIGHUP', onHup);
    },
  };
}
