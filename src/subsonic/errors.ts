/**
 * Subsonic error codes (Subsonic 1.16.1 and OpenSubsonic; README.md "Errors"). A failed
 * call answers `status="failed"` with `error {code, message}` in the caller's format,
 * HTTP 200 as players expect, never a 500 or an HTML page. Domain errors
 * (src/model/errors.ts) map by kind; a transport error of a file answer (416 range not
 * satisfiable) keeps its HTTP status and headers.
 */
import { DomainError, textOfError } from '../model/index.js';
import { HttpError, publicText } from '../server/middleware/errors.js';

/** The codes this server answers. */
export const Code = {
  /** Anything else: bad input, a refused change, an internal failure. */
  Generic: 0,
  RequiredParameterMissing: 10,
  WrongCredentials: 40,
  /** Token sign-in for a user who has no player password. */
  TokenNotSupported: 41,
  /** OpenSubsonic: apiKey together with u. */
  ConflictingAuth: 43,
  /** OpenSubsonic: an unknown or revoked apiKey. */
  InvalidApiKey: 44,
  NotAuthorized: 50,
  NotFound: 70,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

/** A failed call: its Subsonic code, message and HTTP status (200 but for transport errors). */
export class SubsonicError extends Error {
  constructor(readonly code: CodeValue, message: string, readonly httpStatus = 200) {
    super(message);
  }
}

const BY_KIND = { invalid: Code.Generic, unauthorized: Code.WrongCredentials, forbidden: Code.NotAuthorized, not_found: Code.NotFound, conflict: Code.Generic, locked: Code.Generic } as const;

/**
 * The Subsonic error answering `err`; undefined for an unexpected failure (answered as
 * code 0 `internal error` and logged). Messages carry no absolute server path.
 */
export function subsonicErrorOf(err: unknown): SubsonicError | undefined {
  if (err instanceof SubsonicError) return err;
  // messages go out as the /api answers would: no absolute path from an underlying error (publicText)
  if (err instanceof DomainError) return new SubsonicError(BY_KIND[err.kind], publicText(textOfError(err)).message);
  if (err instanceof HttpError) return new SubsonicError(err.status === 404 ? Code.NotFound : Code.Generic, publicText(err.text).message, err.status === 404 ? 200 : err.status);
  return undefined;
}

/** Code 10 for a missing parameter, with the Subsonic message. */
export const missing = (name: string) => new SubsonicError(Code.RequiredParameterMissing, `Required parameter is missing: ${name}`);
/** Code 70 for an id that names nothing the caller may see. */
export const notFound = (what: string) => new SubsonicError(Code.NotFound, `${what} not found`);
