/**
 * Positioned reads of one open file, for the header readers: blocking calls (a few
 * small reads per file, made in a duration worker thread that has nothing else to do).
 */
import fs from 'node:fs';

export interface Source {
  /** File size in bytes. */
  readonly size: number;
  /** Up to `length` bytes from byte `position` (fewer at the end of the file). */
  read(position: number, length: number): Buffer;
}

/** Opens `file` (of `size` bytes), runs `fn` on it and closes it, also when `fn` throws. */
export function withSource<T>(file: string, size: number, fn: (src: Source) => T): T {
  const fd = fs.openSync(file, 'r');
  try {
    return fn({
      size,
      read(position, length) {
        const buf = Buffer.allocUnsafe(Math.max(0, Math.min(length, size - position)));
        const n = buf.length > 0 ? fs.readSync(fd, buf, 0, buf.length, position) : 0;
        return n === buf.length ? buf : buf.subarray(0, n);
      },
    });
  } finally {
    fs.closeSync(fd);
  }
}
