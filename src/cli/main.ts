/**
 * The `audiolib` program (DESIGN section 1): one binary, one command per file.
 * Errors print `audiolib: message` on stderr with exit code 2 (usage, config) or
 * the command's own code.
 */
import { Command, CommanderError } from 'commander';
import { CliError, EXIT_USAGE } from './output.js';

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
  trial: async () => (await import('./trial.js')).registerTrial,
  tui: async () => (await import('./tui.js')).registerTui,
};

/** The command word of argv (skipping the global options and their values), or undefined. */
function commandWord(argv: string[]): string | undefined {
  for (let i = 2; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--data-dir' || arg === '--db') i++;
    else if (!arg.startsWith('-')) return arg;
  }
  return undefined;
}

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

const program = new Command('audiolib')
  .description('self-hosted catalogue and player for libraries of audio works')
  .version('0.1.0')
  .option('--data-dir <dir>', 'data directory (default: AUDIOLIB_DATA_DIR, else $XDG_DATA_HOME/audiolib)')
  .option('--db <file>', 'database: a SQLite file (default: audiolib.sqlite3 in the data directory)')
  .exitOverride();

for (const name of modulesFor(process.argv)) (await COMMANDS[name]!())(program);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    process.exit(err.exitCode === 0 ? 0 : EXIT_USAGE);
  }
  const code = err instanceof CliError ? err.exitCode : isConfigError(err) ? EXIT_USAGE : 1;
  process.stderr.write(`audiolib: ${(err as Error).message}\n`);
  process.exit(code);
}
