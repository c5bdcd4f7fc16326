/**
 * Where the novel section keeps its files (DESIGN section 1: `novels/` in the data
 * directory): `novels/{id}.txt` the uploaded TXT as UTF-8, `novels/covers/{id}.{ext}`
 * the fetched cover. Names come from novel ids only, never from a client.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** The novels folder of a data directory. */
export const novelsDir = (dataDir: string) => path.join(dataDir, 'novels');

/** The stored TXT of novel `id`. */
export const txtPath = (dataDir: string, id: number) => path.join(novelsDir(dataDir), `${Math.trunc(id)}.txt`);

/** A stored cover file of novel `id` (`file` as kept in novels.cover_file, a name made by coverFileName). */
export const coverPath = (dataDir: string, file: string) => path.join(novelsDir(dataDir), 'covers', path.basename(file));

/** The cover file name of novel `id` with extension `ext` ('jpg', 'png', ...). */
export const coverFileName = (id: number, ext: string) => `${Math.trunc(id)}.${ext}`;

/** Writes `bytes` to `file` through a temporary file (creating the folder); answers the temporary file's path, not yet renamed. */
export async function writeTemp(file: string, bytes: Uint8Array | string): Promise<string> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await fs.writeFile(tmp, bytes);
  return tmp;
}

/** Removes a file; a missing one is no error. */
export async function removeFile(file: string): Promise<void> {
  await fs.rm(file, { force: true });
}
