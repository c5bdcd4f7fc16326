/**
 * Changing the configuration: from the admin API (spec 001 sections 3 and 5) and
 * from `audiolib config set`. Both validate with the same zod schema and name
 * the offending key in the ConfigError they throw.
 */
import fs from 'node:fs';
import { ConfigError, configPath, saveConfig, validateConfig } from './load.js';
import { READ_ONLY_KEYS } from './live.js';
import { configSchema, type Config } from './schema.js';

/** Every config key, in schema order. */
export const CONFIG_KEYS = Object.keys(configSchema.shape) as (keyof Config)[];

/** Throws ConfigError `unknown config key: KEY` unless `key` is a config key. */
export function assertConfigKey(key: string): asserts key is keyof Config {
  if (!(CONFIG_KEYS as string[]).includes(key)) throw new ConfigError(`unknown config key: ${key}`, key);
}

/**
 * The config an admin asks for: `patch` (some or all keys) over `current`,
 * validated. Refuses a change of a read-only key (`production`) and, when the
 * server runs in production, of `auth` (spec 001 section 5). Throws ConfigError
 * naming the key. Returns the full new config.
 */
export function mergeAdminConfig(current: Config, patch: unknown): Config {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) throw new ConfigError('config: expected an object', 'config');
  for (const key of Object.keys(patch)) assertConfigKey(key);
  const next = validateConfig({ ...current, ...patch });
  for (const key of READ_ONLY_KEYS) {
    if (next[key] !== current[key]) throw new ConfigError(`${key}: read-only`, key);
  }
  if (current.production && next.auth !== current.auth) throw new ConfigError('auth: cannot be changed in production', 'auth');
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
 * so setting a key the file holds a bad value for repairs it. Throws ConfigError
 * naming the offending key (or for a file that is not JSON). Returns the saved config.
 */
export function setConfigKey(dataDir: string, key: string, value: unknown): Config {
  assertConfigKey(key);
  const file = configPath(dataDir);
  let raw: Record<string, unknown> = {};
  if (fs.existsSync(file)) {
    try {
      raw = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (err) {
      throw new ConfigError(`${file}: not valid JSON (${(err as Error).message})`);
    }
  }
  return saveConfig(dataDir, { ...raw, [key]: value });
}
