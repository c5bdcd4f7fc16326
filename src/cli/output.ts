/**
 * CLI output helpers (DESIGN section 1): human messages on stderr, `--json` documents
 * on stdout, exit codes 0 ok, 1 some work failed, 2 bad usage or config.
 */

export const EXIT_OK = 0;
export const EXIT_FAILURES = 1;
export const EXIT_USAGE = 2;

/** An error the CLI reports as `audiolib: message` with the given exit code. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode = EXIT_USAGE) {
    super(message);
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
