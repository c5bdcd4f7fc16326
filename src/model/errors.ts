/**
 * The error vocabulary of every domain (DESIGN section 6): domain code throws these
 * and knows nothing of HTTP; the server's error middleware
 * (src/server/middleware/errors.ts) answers each kind with its status and `{error}`, the
 * CLI prints the message. Pure: no node: imports, nothing else of the project.
 *
 * - `Invalid`: the input breaks a rule (a malformed id, an LRC without timed lines).
 * - `Unauthorized`: no caller, or a wrong name or password (sign-in is the users domain).
 * - `Forbidden`: the caller may not do this (a guest writing, deleting the admin).
 * - `NotFound`: no such thing, or not one the caller may see (a hidden or trial work).
 * - `Conflict`: the thing's state refuses it (a taken name, a lost lyric claim).
 * - `Locked`: another process holds the lock (a scan is running).
 *
 * Each is made with a coded text (`new NotFound(say('work.notFound'))`, messages.ts):
 * the English becomes the message, `code` and `params` go on the wire beside it. A plain
 * string message (a text only the CLI prints) has no code; outside src/cli and src/tui
 * it is allowed only in the files test/unit/model/coded-errors.test.ts lists.
 */
import { say, type CodedText, type MessageCode, type MessageParams } from './messages.js';

/** What went wrong, one word per error class. */
export type ErrorKind = 'invalid' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'locked';

/** Fields answered beside the message (the config `key` a ConfigError names). */
export type ErrorDetails = Readonly<Record<string, string>>;

/** A refused operation: `kind` says why, `message` says it to a person, `code` and `params` as in messages.ts. */
export abstract class DomainError extends Error {
  abstract readonly kind: ErrorKind;
  readonly details: ErrorDetails | undefined;
  readonly code: MessageCode | undefined;
  readonly params: MessageParams | undefined;

  constructor(text: string | CodedText, details?: ErrorDetails) {
    super(typeof text === 'string' ? text : text.message);
    this.name = new.target.name;
    this.details = details;
    this.code = typeof text === 'string' ? undefined : text.code;
    this.params = typeof text === 'string' ? undefined : text.params;
  }
}

/**
 * The coded text of any thrown value: a domain error's own code, else `error.other`
 * with the error's message as `reason` (a file system or database error).
 */
export function textOfError(err: unknown): CodedText {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof DomainError && err.code) return { message, code: err.code, ...(err.params && { params: err.params }) };
  return say('error.other', { reason: message });
}

/**
 * Bad input. `issues` are the messages of every rule broken, without field names (a
 * request that fails its schema); a domain check leaves it to the one message.
 */
export class Invalid extends DomainError {
  readonly kind = 'invalid';
  readonly issues: readonly string[];

  constructor(text: string | CodedText, options: { issues?: readonly string[]; details?: ErrorDetails } = {}) {
    super(text, options.details);
    this.issues = options.issues ?? [this.message];
  }
}

/** No caller, or credentials that do not match. */
export class Unauthorized extends DomainError { readonly kind = 'unauthorized'; }

/** The caller may not do this. */
export class Forbidden extends DomainError { readonly kind = 'forbidden'; }

/** No such thing, or none the caller may see. */
export class NotFound extends DomainError { readonly kind = 'not_found'; }

/** The current state refuses the change. */
export class Conflict extends DomainError { readonly kind = 'conflict'; }

/** Another run holds the lock; try again when it ends. */
export class Locked extends DomainError { readonly kind = 'locked'; }
