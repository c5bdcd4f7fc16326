/**
 * Data directory and config file handling (DESIGN section 1).
 * The data directory holds config.json (mode 0600), secret.key (mode 0600),
 * audiolib.sqlite3, covers/, lyrics/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { configSchema, type Config } from './schema.js';
import { codedIssue, Invalid, say, type CodedText } from '../model/index.js';
import { describeOsError } from './os-errors.js';

/**
 * Thrown for an unreadable or invalid config file or value; the CLI answers exit code 2,
 * the API `{error, key}` as bad input (`key` names the offending config key when there is one).
 */
export class ConfigError extends Invalid {
  constructor(text: string | CodedText, readonly key?: string) {
    super(text, { details: key ? { key } : undefined });
    this.name = 'ConfigError';
  }
}

/**
 * Resolves the data directory: the explicit option, else AUDIOLIB_DATA_DIR,
 * else $XDG_DATA_HOME/audiolib, else ~/.local/share/audiolib. Returns an absolute path.
 */
export function resolveDataDir(explicit?: string): string {
  const dir =
    explicit ||
    process.env.AUDIOLIB_DATA_DIR ||
    path.join(process.env.XDG_DATA_HOME || path.join(os.homedir(), '.local', 'share'), 'audiolib');
  return path.resolve(dir);
}

/**
 * Creates a folder of the data directory and its missing parents (mode 0700) one level at
 * a time: Node's recursive mkdir never ends under a parent that refuses new folders with
 * ENOENT (/proc). Throws ConfigError naming the folder that cannot be made and why.
 */
function makeFolder(dir: string): void {
  try {
    fs.mkdirSync(dir, { mode: 0o700 });
    return;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' && fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return;
    const parent = path.dirname(dir);
    if (code === 'ENOENT' && parent !== dir && !fs.existsSync(parent)) {
      makeFolder(parent);
      return makeFolder(dir);
    }
    const cause = code === 'EEXIST' ? 'a file of that name is in the way' : code === 'ENOENT' ? `${parent} does not take new folders` : describeOsError(err);
    throw new ConfigError(say('config.cannotMakeDataDir', { path: dir, reason: cause }));
  }
}

/**
 * Creates the data directory and its sub-folders (mode 0700) when missing. Throws
 * ConfigError (CLI exit 2) naming the folder and the cause when one cannot be made.
 */
export function ensureDataDir(dataDir: string): void {
  for (const sub of ['', 'covers', 'lyrics']) makeFolder(path.join(dataDir, sub));
}

export const configPath = (dataDir: string) => path.join(dataDir, 'config.json');

/** The trial catalogue's folder (config trialFolder, relative to the data directory unless absolute). */
export const trialDir = (dataDir: string, config: Pick<Config, 'trialFolder'>) => path.resolve(dataDir, config.trialFolder);

/** Formats a zod error as "key: message" naming the first offending key, coded by the issue's kind (model/issues.ts). */
function describeIssue(error: import('zod').ZodError): { key: string; text: CodedText } {
  const issue = error.issues[0];
  const key = issue?.path.join('.') || (issue && 'keys' in issue ? String((issue as { keys: string[] }).keys[0]) : '');
  if (!issue) return { key, text: say('config.invalid') };
  return { key, text: key ? codedIssue(key, issue) : say('input.rule', { reason: issue.message }) };
}

/** Validates a full or partial config object; throws ConfigError naming the offending key. */
export function validateConfig(value: unknown): Config {
  const parsed = configSchema.safeParse(value);
  if (!parsed.success) {
    const { key, text } = describeIssue(parsed.error);
    throw new ConfigError(text, key);
  }
  return parsed.data;
}

/**
 * Reads config.json from the data directory, filling defaults for missing keys.
 * A missing file yields the defaults. Throws ConfigError on bad JSON or invalid values.
 */
export function loadConfig(dataDir: string): Config {
  const file = configPath(dataDir);
  let raw: unknown = {};
  if (fs.existsSync(file)) raw = readConfigJson(file);
  return validateConfig(raw);
}

/** The parsed JSON of a config file; throws ConfigError naming the file when it cannot be read or is not JSON. */
export function readConfigJson(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(say('config.cannotRead', { path: file, reason: describeOsError(err) }));
  }
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch (err) {
    throw new ConfigError(say('config.notJson', { path: file, reason: (err as Error).message }));
  }
}

/** Writes content to file atomically (temp file + rename) with mode 0600. */
export function writeSecretFile(file: string, content: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, content, { mode: 0o600 });
  fs.renameSync(tmp, file);
  fs.chmodSync(file, 0o600);
}

/**
 * Validates and saves the whole config to config.json (mode 0600, atomic). Returns the
 * saved config. Throws ConfigError for an invalid value or a file that cannot be written.
 */
export function saveConfig(dataDir: string, config: unknown): Config {
  const valid = validateConfig(config);
  ensureDataDir(dataDir);
  try {
    writeSecretFile(configPath(dataDir), JSON.stringify(valid, null, 2) + '\n');
  } catch (err) {
    throw new ConfigError(say('config.cannotWrite', { path: configPath(dataDir), reason: describeOsError(err) }));
  }
  return valid;
}

/** The raw bytes of `dataDir`'s secret.key, or null when it has none (nothing is created). */
export function readSecret(dataDir: string): Uint8Array | null {
  const file = path.join(dataDir, 'secret.key');
  return fs.existsSync(file) ? Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex') : null;
}

/**
 * The JWT signing secret: 32 random bytes kept in secret.key (mode 0600),
 * created on first use. Returns the raw bytes.
 */
export function loadSecret(dataDir: string): Uint8Array {
  const existing = readSecret(dataDir);
  if (existing) return existing;
  ensureDataDir(dataDir);
  writeSecretFile(path.join(dataDir, 'secret.key'), crypto.randomBytes(32).toString('hex'));
  return readSecret(dataDir)!;
}
