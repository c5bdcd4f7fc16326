/**
 * Errors of the lyric task domain. Routes map `reason` to an HTTP status
 * (not_found 404, conflict 409, invalid 400); the CLI prints the message.
 */
export type LyricTaskErrorReason = 'not_found' | 'conflict' | 'invalid';

export class LyricTaskError extends Error {
  constructor(readonly reason: LyricTaskErrorReason, message: string) {
    super(message);
    this.name = 'LyricTaskError';
  }
}
