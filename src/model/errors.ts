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
 */

/** What went wrong, one word per error class. */
export type ErrorKind = 'invalid' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'locked';

/** Fields answered beside the message (the config `key` a ConfigError names). */
export type ErrorDetails = Readonly<Record<string, string>>;

/** A refused operation: `kind` says why, `message` says it to a person. */
export abstract class DomainError extends Error {
  abstract readonly kind: ErrorKind;
  readonly details: ErrorDetails | undefined;

  constructor(message: string, details?: ErrorDetails) {
    super(message);
    this.name = new.target.name;
    this.details = details;
  }
}

/**
 * Bad input. `issues` are the messages of every rule broken, without field names (a
 * request that fails its schema); a domain check leaves it to the one message.
 */
export class Invalid extends DomainError {
  readonly kind = 'invalid';
  readonly issues: readonly string[];

  constructor(message: string, options: { issues?: readonly string[]; details?: ErrorDetails } = {}) {
    super(message, options.details);
    this.issues = options.issues ?? [message];
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
