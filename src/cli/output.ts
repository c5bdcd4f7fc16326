/**
 * CLI output helpers (DESIGN section 1): human messages on stderr, `--json` documents
 * on stdout, exit codes 0 ok, 1 some work failed, 2 bad usage or config, 75 another
 * scan holds the lock (EX_TEMPFAIL: try again later).
 */

export const EXIT_FAILURES = 1;
export const EXIT_USAGE = 2;
export const EXIT_LOCKED = 75;

/**
 * The `code` of a refusal in a `--json` error document, by exit code unless the error
 * names its own: 'usage' (2), 'failed' (1), 'locked' (75); 'config' for configuration,
 * data directory and database errors, 'mass_removal' for the scan's guard.
 */
const CODE_OF_EXIT: Record<number, string> = { [EXIT_FAILURES]: 'failed', [EXIT_USAGE]: 'usage', [EXIT_LOCKED]: 'locked' };
export const errorCodeOf = (exitCode: number) => CODE_OF_EXIT[exitCode] ?? 'failed';

/** An error the CLI reports as `audiolib: message` with the given exit code (and `code` in --json). */
export class CliError extends Error {
  readonly code: string;
  constructor(message: string, readonly exitCode = EXIT_USAGE, code?: string) {
    super(message);
    this.code = code ?? errorCodeOf(exitCode);
  }
}

/** A long command's stop switch: SIGINT or SIGTERM aborts `signal`. */
export interface SignalStop {
  signal: AbortSignal;
  /** The exit code of the signal received (130 SIGINT, 143 SIGTERM), else EXIT_FAILURES. */
  exitCode(): number;
  /** Removes the handlers (in the command's finally). */
  dispose(): void;
}

/** Aborts a long command (a scan, a trial crawl) on SIGINT or SIGTERM; see SignalStop. */
export function stopOnSignals(): SignalStop {
  const controller = new AbortController();
  let code = 0;
  const stop = (c: number) => () => {
    code = c;
    controller.abort();
  };
  const onInt = stop(130);
  const onTerm = stop(143);
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  return {
    signal: controller.signal,
    exitCode: () => code || EXIT_FAILURES,
    dispose() {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
    },
  };
}

/** Writes a human message line to stderr. */
export function info(message: string): void {
  process.stderr.write(message + '\n');
}

/** Prints one JSON document on stdout. */
export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

/** Prints one JSON document on one line of stdout (JSON lines, error documents). */
export function printJsonLine(value: unknown): void {
  process.stdout.write(JSON.stringify(value) + '\n');
}
