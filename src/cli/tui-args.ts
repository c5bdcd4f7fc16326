/**
 * The TUI command lines the launcher's fast start takes (tui-fast.ts): `audiolib
 * [--data-dir D] [--db F] [tui [--server U] [--user N] [--mpv-arg=A]...]`, each option
 * also as `--name=V`. Anything else (another command, help, other spellings) is null:
 * left to the CLI (commander), which answers it as before.
 */
import type { GlobalFlags, TuiFlags } from './tui.js';

/** The options `--name V` / `--name=V` at argv[i], as [name, value, next index]; null for anything else. */
function option(argv: string[], i: number, names: readonly string[], joinedOnly: readonly string[] = []): [string, string, number] | null {
  const arg = argv[i]!;
  const eq = arg.indexOf('=');
  const name = eq < 0 ? arg : arg.slice(0, eq);
  if (!names.includes(name)) return null;
  const value = eq < 0 ? (joinedOnly.includes(name) ? undefined : argv[i + 1]) : arg.slice(eq + 1);
  if (value === undefined || value === '' || (value.startsWith('-') && eq < 0)) return null;
  return [name, value, eq < 0 ? i + 2 : i + 1];
}

/**
 * The TUI's options when argv (process.argv) is a TUI command line this fast start
 * knows, else null (left to the CLI).
 */
export function tuiCommandLine(argv: string[]): { global: GlobalFlags; flags: TuiFlags } | null {
  const global: GlobalFlags = {};
  const flags: TuiFlags = {};
  let i = 2;
  for (let o; i < argv.length && (o = option(argv, i, ['--data-dir', '--db'])); i = o[2]) {
    if (o[0] === '--data-dir') global.dataDir = o[1];
    else global.db = o[1];
  }
  if (i === argv.length) return { global, flags };
  if (argv[i] !== 'tui') return null;
  // --mpv-arg takes several values in the CLI: only its --mpv-arg=A spelling is taken here
  for (let o, j = i + 1; j < argv.length; j = o[2]) {
    o = option(argv, j, ['--server', '--user', '--mpv-arg'], ['--mpv-arg']);
    if (!o) return null;
    if (o[0] === '--server') flags.server = o[1];
    else if (o[0] === '--user') flags.user = o[1];
    else (flags.mpvArg ??= []).push(o[1]);
  }
  return { global, flags };
}
