/**
 * A whole work as one zip archive (beyond the spec: a listener downloads a work at once),
 * written as it is sent with yazl (the writing half of yauzl, which unpacks trial
 * archives): no copy on disk or in memory. Entries are stored, not compressed (audio and
 * images do not shrink), so the archive's size is known before the first byte and
 * answers as Content-Length. Entry names are `{folder}/{relpath}`, UTF-8.
 */
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { MediaFile } from './media.js';

/**
 * The zip of `files` (resolved by resolveWorkFiles) under the folder `folder` (the work
 * code): its stream and byte size (-1 when yazl cannot tell it). Each file is opened when its turn comes; a file that
 * changed size since it was resolved, or cannot be read, ends the stream with an error.
 */
export function workZip(files: readonly MediaFile[], folder: string): Promise<{ stream: Readable; size: number }> {
  const zip = new yazl.ZipFile();
  for (const f of files) {
    zip.addReadStreamLazy(`${folder}/${f.relpath}`, { size: f.size, mtime: new Date(f.mtimeMs), compress: false }, (cb) => {
      cb(null, fs.createReadStream(f.path));
    });
  }
  const stream = zip.outputStream as Readable;
  zip.on('error', (err: Error) => stream.destroy(err));
  return new Promise((resolve) => {
    // the callback's argument, the total size (-1 when unknown), is missing from @types/yazl's signature
    zip.end(undefined, (...args: number[]) => resolve({ stream, size: args[0] ?? -1 }));
  });
}
