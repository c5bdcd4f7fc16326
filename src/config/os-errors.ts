/**
 * Operating-system errors in words (DESIGN section 1: messages name the file or address
 * and the cause, never a library's raw text): the errno codes of file-system calls and of
 * network connections, as a short cause a person can act on. Used by the data directory
 * and config file handling, the database opener, the crawler's HTTP client and the CLI.
 */

const WORDS: Record<string, string> = {
  // files
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a part of the path is not a folder',
  EISDIR: 'it is a folder',
  EEXIST: 'it already exists',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EMFILE: 'too many open files',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the name is too long',
  EIO: 'input/output error',
  // network
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed (temporary)',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed',
  EADDRINUSE: 'the address is already in use',
  EADDRNOTAVAIL: 'not an address of this machine',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_SOCKET: 'connection closed unexpectedly',
  UND_ERR_HEADERS_TIMEOUT: 'no answer in time',
  UND_ERR_BODY_TIMEOUT: 'the answer stopped arriving',
};

/** The errno-style code of an error or of its cause (fetch wraps network errors in a TypeError). */
export function errorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown; errors?: { code?: unknown }[] } } | null;
  const code = e?.code ?? e?.cause?.code ?? e?.cause?.errors?.[0]?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The cause of a file-system or network error in words ('permission denied', 'connection
 * refused'); a TLS certificate problem names its code; anything else answers its own
 * message without Node's "CODE: " prefix and ", syscall 'path'" suffix.
 */
export function describeOsError(err: unknown): string {
  const code = errorCode(err);
  if (code && WORDS[code]) return WORDS[code];
  if (code && /CERT|SSL|TLS/.test(code)) return `the TLS certificate is not accepted (${code})`;
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/^[A-Z_]+: /, '').replace(/, \w+ '[^']*'( -> '[^']*')?$/, '');
}

/** Whether `err` is a Node system error (errno code plus syscall), such as a failed fs call. */
export function isOsError(err: unknown): err is NodeJS.ErrnoException {
  return err instanceof Error && typeof (err as NodeJS.ErrnoException).code === 'string' && typeof (err as NodeJS.ErrnoException).syscall === 'string';
}
