/**
 * The `audiolib` program (DESIGN section 1): one binary, one command per file.
 * Every error, commander's usage errors included, prints `audiolib: message` on stderr
 * and exits 2 (usage, config, data directory, database) or with the command's own code;
 * when the command line has `--json`, the error is also one JSON document on stdout:
 * `{"error": message, "code": "usage"|"config"|"failed"|"locked"|..., "exit": N}`.
 * `audiolib help [COMMAND]` prints the help of the program or of a command.
 */
import { Command, CommanderError } from 'commander';
import { describeOsError, isOsError } from '../config/os-errors.js';
import { CliError, EXIT_FAILURES, EXIT_USAGE, printJsonLine } from './output.js';

type Register = (program: Command) => void;

/**
 * A ConfigError of src/config, told by its name: the TUI bundle carries its own copy of
 * the class, and importing src/config here would load zod before every command.
 */
const isConfigError = (err: unknown) => err instanceof Error && err.name === 'ConfigError';

/** Each command's module, loaded only when needed: start-up cost stays with the command that runs. */
const COMMANDS: Record<string, () => Promise<Register>> = {
  serve: async () => (await import('./serve.js')).registerServe,
  scan: async () => (await import('./scan.js')).registerScan,
  user: async () => (await import('./user.js')).registerUser,
  config: async () => (await import('./config.js')).registerConfig,
  translate: async () => (await import('./translate.js')).registerTranslate,
  'translate-key': async () => (await import('./translate-key.js')).registerTranslateKey,
  trial: async () => (await import('./trial.js')).registerTrial,
  tui: async () => (await import('./tui.js')).registerTui,
  db: async () => (await import('./db.js')).registerDb,
};

/** Where the command word is in argv (skipping the global options and their values), or -1. */
function commandIndex(argv: string[]): number {
  for (let i = 2; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--data-dir' || arg === '--db') i++;
    else if (!arg.startsWith('-')) return i;
  }
  return -1;
}

/** The command word of argv, or undefined. */
const commandWord = (argv: string[]): string | undefined => argv[commandIndex(argv)];

/**
 * Which command modules to load: the named command alone; for bare `audiolib` on a
 * terminal the TUI alone (it owns the default action); otherwise (help, usage, an
 * unknown word) all of them, so help lists every command.
 */
function modulesFor(argv: string[]): string[] {
  const word = commandWord(argv);
  if (word && word in COMMANDS) return [word];
  const wantsHelp = argv.includes('--help') || argv.includes('-h');
  if (!word && !wantsHelp && process.stdin.isTTY && process.stdout.isTTY) return ['tui'];
  return Object.keys(COMMANDS);
}

/** Whether the command line asks for JSON output (`--json` before any `--`). */
function wantsJson(argv: string[]): boolean {
  const end = argv.indexOf('--');
  return argv.slice(2, end < 0 ? undefined : end).includes('--json');
}

/**
 * A failure as the CLI reports it: the message without commander's 'error: ' prefix
 * (with a pointer to the command's help), the exit code and the JSON `code`.
 */
function describeFailure(err: unknown): { message: string; exit: number; code: string } {
  if (err instanceof CommanderError) {
    const word = commandWord(process.argv);
    const help = word && word in COMMANDS ? `audiolib help ${word}` : 'audiolib --help';
    return { message: `${err.message.replace(/^error: /, '').replace(/\s*\n\s*/g, ' ')} (see ${help})`, exit: EXIT_USAGE, code: 'usage' };
  }
  if (err instanceof CliError) return { message: err.message, exit: err.exitCode, code: err.code };
  if (isConfigError(err)) return { message: (err as Error).message, exit: EXIT_USAGE, code: 'config' };
  if (isOsError(err)) {
    const { path, address, port } = err as NodeJS.ErrnoException & { address?: string; port?: number };
    const what = path ?? (address ? `${address}${port === undefined ? '' : `:${port}`}` : err.syscall);
    return { message: `${what}: ${describeOsError(err)}`, exit: EXIT_FAILURES, code: 'failed' };
  }
  return { message: err instanceof Error ? err.message : String(err), exit: EXIT_FAILURES, code: 'failed' };
}

const program = new Command('audiolib')
  .description('self-hosted catalogue and player for libraries of audio works')
  .version('0.1.0')
  .option('--data-dir <dir>', 'data directory (default: AUDIOLIB_DATA_DIR, else $XDG_DATA_HOME/audiolib)')
  .option('--db <file|url>', 'database: a SQLite file or a postgres:// URL (default: AUDIOLIB_DB, else config db, else audiolib.sqlite3 in the data directory)')
  .helpCommand(true)
  // commander's errors are reported below in the program's own style; help and version still print
  .configureOutput({ outputError: () => undefined })
  .exitOverride();

for (const name of modulesFor(process.argv)) (await COMMANDS[name]!())(program);

try {
  // commander answers `help NOSUCH` with the whole usage on stderr; say what is wrong instead
  const at = commandIndex(process.argv);
  const helpFor = process.argv[at] === 'help' ? process.argv[at + 1] : undefined;
  if (helpFor !== undefined && !helpFor.startsWith('-') && !(helpFor in COMMANDS)) throw new CliError(`unknown command '${helpFor}' (see audiolib --help)`);
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError && err.exitCode === 0) process.exit(0);
  const { message, exit, code } = describeFailure(err);
  if (wantsJson(process.argv)) printJsonLine({ error: message, code, exit });
  process.stderr.write(`audiolib: ${message}\n`);
  process.exit(exit);
}
