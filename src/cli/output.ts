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

/** Writes a human message line to stderr. */
export function info(message: string): void {
  process.stderr.write(message + '\n');
}

/** Prints one JSON document on stdout. */
export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}
