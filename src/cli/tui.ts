/**
 * `audiolib tui` and `audiolib` with no command (DESIGN section 1): the Ink terminal UI.
 * Outside a terminal it prints the usage instead (exit 0 for bare `audiolib`, 2 for
 * `audiolib tui`, which cannot run without one).
 */
import type { Command } from 'commander';
import { CliError } from './output.js';
import { readPassword } from './password-input.js';
import { loadTuiBundle } from './tui-bundle.js';

/** The options of `audiolib tui`. */
export interface TuiFlags { server?: string; user?: string; mpvArg?: string[] }
/** The program's global options. */
export interface GlobalFlags { dataDir?: string; db?: string }

/** True when stdin and stdout are both terminals. */
export const isInteractive = () => Boolean(process.stdin.isTTY && process.stdout.isTTY);

/**
 * Runs the TUI with the global options and the tui options until the listener quits.
 * Throws CliError (exit 1) when the data source cannot be opened (no such user, server
 * unreachable); other errors as they come (ConfigError for a bad data directory).
 */
export async function startTui(global: GlobalFlags, flags: TuiFlags): Promise<void> {
  // The TUI as one bundled file (dist/tui/bundle.cjs, made by `npm run build` from
  // dist/tui/run.js with ink, react and the data sources; React's production build), run
  // with V8's code cache (tui-bundle.ts): loading it takes a fraction of loading its
  // hundreds of modules one by one.
  const bundle = loadTuiBundle();
  const { runTui, SourceError, resolveDataDir } = bundle.tui;
  try {
    await runTui({
      server: flags.server,
      user: flags.user ?? process.env.AUDIOLIB_USER ?? 'admin',
      dataDir: resolveDataDir(global.dataDir),
      db: global.db,
      mpvArgs: flags.mpvArg,
      password: async () => process.env.AUDIOLIB_PASSWORD ?? readPassword(`password for ${flags.user ?? process.env.AUDIOLIB_USER ?? 'admin'}: `),
    });
    bundle.saveCache();
  } catch (err) {
    if (err instanceof SourceError) throw new CliError(err.message, 1);
    throw err;
  }
}

/** Registers `tui` and the default action of the bare program. */
export function registerTui(program: Command): void {
  program
    .command('tui')
    .description('browse and listen in the terminal (mpv); local database, or --server URL')
    .option('--server <url>', 'use a running audiolib server (remote mode)')
    .option('--user <name>', 'listener name (default: AUDIOLIB_USER, else admin); remote password from AUDIOLIB_PASSWORD or a prompt')
    .option('--mpv-arg <arg...>', 'extra mpv argument (e.g. --ao=null)')
    .action(async (flags: TuiFlags) => {
      if (!isInteractive()) {
        process.stderr.write(program.helpInformation());
        throw new CliError('audiolib tui needs a terminal');
      }
      await startTui(program.opts<GlobalFlags>(), flags);
    });
  // The bare program takes no arguments: anything left over is an unknown command (the
  // root action would otherwise answer 'too many arguments').
  program.allowExcessArguments(true);
  program.action(async () => {
    if (program.args.length) throw new CliError(`unknown command '${program.args[0]}' (see audiolib --help)`);
    if (!isInteractive()) {
      process.stdout.write(program.helpInformation());
      return;
    }
    await startTui(program.opts<GlobalFlags>(), {});
  });
}
