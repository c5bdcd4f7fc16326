/**
 * How the CLI reports a failure that is not commander's (main.ts handles usage errors):
 * the message, the exit code and the JSON `code`. Shared by main.ts and the TUI's fast
 * start (tui-fast.ts), which runs without commander.
 */
import { describeOsError, isOsError } from '../config/os-errors.js';
import { damagedFileOf, damageMessage, isDamageError } from '../db/damage.js';
import { CliError, EXIT_FAILURES, EXIT_USAGE } from './output.js';

/**
 * A ConfigError of src/config, told by its name: the TUI bundle carries its own copy of
 * the class, and importing src/config here would load zod before every command.
 */
const isConfigError = (err: unknown) => err instanceof Error && err.name === 'ConfigError';

/**
 * `{message, exit, code}` of an error thrown by a command: CliError, ConfigError (exit 2),
 * a damaged SQLite database met by a query (exit 2, code 'config': the file and how to
 * restore a backup, src/db/damage.ts), an OS error, anything else (exit 1).
 */
export function describeError(err: unknown): { message: string; exit: number; code: string } {
  if (err instanceof CliError) return { message: err.message, exit: err.exitCode, code: err.code };
  if (isDamageError(err)) return { message: damageMessage(damagedFileOf(err) ?? 'in use', err), exit: EXIT_USAGE, code: 'config' };
  if (isConfigError(err)) return { message: (err as Error).message, exit: EXIT_USAGE, code: 'config' };
  if (isOsError(err)) {
    const { path, address, port } = err as NodeJS.ErrnoException & { address?: string; port?: number };
    const what = path ?? (address ? `${address}${port === undefined ? '' : `:${port}`}` : err.syscall);
    return { message: `${what}: ${describeOsError(err)}`, exit: EXIT_FAILURES, code: 'failed' };
  }
  return { message: err instanceof Error ? err.message : String(err), exit: EXIT_FAILURES, code: 'failed' };
}
