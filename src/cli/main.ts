/**
 * The `audiolib` program (DESIGN section 1): one binary, one command per file.
 * Errors print `audiolib: message` on stderr with exit code 2 (usage, config) or
 * the command's own code.
 */
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config/index.js';
import { CliError, EXIT_USAGE } from './output.js';
import { registerServe } from './serve.js';
import { registerScan } from './scan.js';
import { registerUser } from './user.js';
import { registerConfig } from './config.js';
import { registerTranslate } from './translate.js';
import { registerTui } from './tui.js';

const program = new Command('audiolib')
  .description('self-hosted catalogue and player for libraries of audio works')
  .version('0.1.0')
  .option('--data-dir <dir>', 'data directory (default: AUDIOLIB_DATA_DIR, else $XDG_DATA_HOME/audiolib)')
  .option('--db <url>', 'database: a SQLite file or postgres:// URL (default: audiolib.sqlite3 in the data directory)')
  .exitOverride();

registerServe(program);
registerScan(program);
registerUser(program);
registerConfig(program);
registerTranslate(program);
registerTui(program);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    process.exit(err.exitCode === 0 ? 0 : EXIT_USAGE);
  }
  const code = err instanceof CliError ? err.exitCode : err instanceof ConfigError ? EXIT_USAGE : 1;
  process.stderr.write(`audiolib: ${(err as Error).message}\n`);
  process.exit(code);
}
