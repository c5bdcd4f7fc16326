/**
 * Changing the configuration: from the admin API (spec 001 sections 3 and 5) and
 * from `audiolib config set`. Both validate with the same zod schema and the same
 * value checks (`checkConfigValues`), and name the offending key in the ConfigError
 * they throw.
 */
import fs from 'node:fs';
import path from 'node:path';
import cron from 'node-cron';
import { ConfigError, configPath, readConfigJson, saveConfig, validateConfig } from './load.js';
import { READ_ONLY_KEYS } from './live.js';
import { configSchema, type Config } from './schema.js';
import { say } from '../model/index.js';

/** Why an `auth` change is refused while `production` is on (spec 001 section 5). */
const AUTH_IN_PRODUCTION = say('config.authInProduction');

/** Every config key, in schema order. */
export const CONFIG_KEYS = Object.keys(configSchema.shape) as (keyof Config)[];

/** Throws ConfigError `unknown config key: KEY` unless `key` is a config key. */
export function assertConfigKey(key: string): asserts key is keyof Config {
  if (!(CONFIG_KEYS as string[]).includes(key)) throw new ConfigError(say('config.unknownKey', { key }), key);
}

/**
 * The checks a change must pass beyond the schema (the file may hold older values, so
 * loading does not apply them): `scanCron` and `backupCron` empty or a cron expression of
 * the scheduler the server uses (node-cron: five fields, or six with seconds), every root
 * folder's path absolute. Throws ConfigError naming the field (`scanCron`, `backupCron`,
 * `rootFolders.N.path`).
 */
export function checkConfigValues(config: Config): void {
  const expression = config.scanCron.trim();
  if (expression && !cron.validate(expression)) {
    throw new ConfigError(say('config.badCron', { value: JSON.stringify(config.scanCron) }), 'scanCron');
  }
  const backups = config.backupCron.trim();
  if (backups && !cron.validate(backups)) {
    throw new ConfigError(say('config.badBackupCron', { value: JSON.stringify(config.backupCron) }), 'backupCron');
  }
  config.rootFolders.forEach((root, i) => {
    const key = `rootFolders.${i}.path`;
    if (!path.isAbsolute(root.path)) throw new ConfigError(say('config.notAbsolute', { key, value: JSON.stringify(root.path) }), key);
  });
}

/**
 * The config an admin asks for: `patch` (some or all keys) over `current`,
 * validated. Refuses a change of a read-only key (`production`) and, when the
 * server runs in production, of `auth` (spec 001 section 5). Throws ConfigError
 * naming the key. Returns the full new config.
 */
export function mergeAdminConfig(current: Config, patch: unknown): Config {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) throw new ConfigError(say('config.notObject'), 'config');
  for (const key of Object.keys(patch)) assertConfigKey(key);
  const next = validateConfig({ ...current, ...patch });
  checkConfigValues(next);
  for (const key of READ_ONLY_KEYS) {
    if (next[key] !== current[key]) throw new ConfigError(say('config.readOnly', { key }), key);
  }
  if (current.production && next.auth !== current.auth) throw new ConfigError(AUTH_IN_PRODUCTION, 'auth');
  return next;
}

/**
 * Reads a value given on the command line: JSON when it parses (numbers,
 * booleans, arrays, objects, quoted strings), else the text itself.
 */
export function parseCliValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sets one key in the data directory's config.json and saves the whole file
 * validated (mode 0600, atomic). The other keys are taken as the file has them,
 * so setting a key the file holds a bad value for repairs it. On a production
 * instance, switching `auth` or `production` off is refused (with the admin API's
 * messages) unless `force`. Throws ConfigError naming the offending key (or for a
 * file that cannot be read or is not JSON). Returns the saved config.
 */
export function setConfigKey(dataDir: string, key: string, value: unknown, opts: { force?: boolean } = {}): Config {
  assertConfigKey(key);
  const file = configPath(dataDir);
  const raw = fs.existsSync(file) ? readConfigJson(file) : {};
  const next = validateConfig({ ...raw, [key]: value });
  checkConfigValues(next);
  const wasOn = (k: 'auth' | 'production') => raw[k] !== false;
  if (!opts.force && next.production && key === 'auth' && wasOn('auth') && !next.auth) throw new ConfigError(AUTH_IN_PRODUCTION, 'auth');
  if (!opts.force && key === 'production' && wasOn('production') && !next.production) throw new ConfigError(say('config.readOnly', { key: 'production' }), 'production');
  return saveConfig(dataDir, next);
}
