/**
 * `audiolib config get [KEY]` and `config set KEY VALUE` (DESIGN section 1,
 * spec 001 section 3): read and write config.json in the data directory with the
 * schema and value checks the admin API uses (exit 2 naming the key). On a
 * production instance `auth` and `production` are not switched off without
 * `--force`. A running server picks the file up (file watch, or SIGHUP) and
 * applies what can change live. `config get` on a data directory that does not exist
 * (a mistyped --data-dir) refuses with exit 2 instead of printing the defaults.
 */
import fs from 'node:fs';
import type { Command } from 'commander';
import {
  assertConfigKey, loadConfig, parseCliValue, resolveDataDir, setConfigKey,
} from '../config/index.js';
import { needsRestart } from '../model/index.js';
import { CliError, EXIT_USAGE, info, printJson } from './output.js';

/**
 * `dir` when it is an existing directory; else throws CliError (exit 2, code 'config')
 * saying it does not exist or is not a directory, and where its path came from.
 */
function existingDataDir(dir: string): string {
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(dir);
  } catch {
    stat = undefined;
  }
  if (!stat?.isDirectory()) {
    throw new CliError(`data directory ${dir} ${stat ? 'is not a directory' : 'does not exist'} (check --data-dir or AUDIOLIB_DATA_DIR)`, EXIT_USAGE, 'config');
  }
  return dir;
}

/** A value as `config get` prints it: strings bare, the rest as JSON. */
const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

export function registerConfig(program: Command): void {
  const dataDir = () => resolveDataDir(program.opts<{ dataDir?: string }>().dataDir);
  const config = program.command('config').description('read and change the configuration (config.json)');

  config
    .command('get')
    .description('print one key, or every key as KEY = VALUE')
    .argument('[key]', 'a config key')
    .option('--json', 'print the value (or the whole config) as JSON')
    .action((key: string | undefined, opts: { json?: boolean }) => {
      const current = loadConfig(existingDataDir(dataDir()));
      if (key !== undefined) {
        assertConfigKey(key);
        if (opts.json) printJson(current[key]);
        else process.stdout.write(show(current[key]) + '\n');
        return;
      }
      if (opts.json) return printJson(current);
      process.stdout.write(Object.entries(current).map(([k, v]) => `${k} = ${JSON.stringify(v)}\n`).join(''));
    });

  config
    .command('set')
    .description('set a key; VALUE is read as JSON when it parses, else as text; exit 2 naming the key when invalid')
    .argument('<key>', 'a config key')
    .argument('<value>', 'the new value (e.g. 10, true, "text", [{"name":"a","path":"/x"}])')
    .option('--force', 'switch auth or production off on a production instance')
    .option('--json', 'print {key, value, restartRequired} as JSON')
    .action((key: string, valueText: string, opts: { force?: boolean; json?: boolean }) => {
      const saved = setConfigKey(dataDir(), key, parseCliValue(valueText), { force: opts.force });
      const value = saved[key as keyof typeof saved];
      const restart = needsRestart(key);
      if (opts.json) printJson({ key, value, restartRequired: restart });
      else info(`${key} = ${JSON.stringify(value)}${restart ? ' (restart the server to apply)' : ''}`);
      if (key === 'auth' && value === false) info('audiolib: warning: auth is off: every request to the server acts as the admin');
    });
}
