/**
 * Trial archives (DESIGN section 7; README.md "The download"): where a work's archive
 * is, and unpacking it with yauzl (a maintained zip reader; no zip code of our own).
 * Unpacking refuses the whole archive when it holds more entries than the entry cap
 * (before anything is written), when an entry would land outside the target folder
 * (zip-slip: absolute paths, `..` segments), when it is encrypted, when two entries
 * would write the same file, or when its files add up to more than the size cap.
 * Entries are written as plain files and folders only (a link entry becomes a file
 * holding the link text), never over an existing file. Refusals name entries by their
 * name in the archive, never by a path on the server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import type { Config } from '../config/index.js';
import { Invalid, formatWorkCode, say } from '../model/index.js';
import { decodeAllAs } from '../lyrics/decode.js';
import { isWithin } from '../library/link-roots.js';
import type { TrialArchiveLink } from '../metadata/dlsite.js';

/** Zip flag: the entry's name is UTF-8. */
const UTF8_FLAG = 0x800;
/** Zip extra field: the Info-ZIP Unicode path. */
const UNICODE_PATH_FIELD = 0x7075;

/**
 * The archive's address: the work page's trial link (its path taken on
 * `dlsiteTrialBaseUrl`, as covers take theirs on dlsiteImgBaseUrl), else config
 * `trialArchiveUrl` with `{code}` and `{folder}` (the code rounded up to 1000, the
 * store's folder) filled in, a path again taken on `dlsiteTrialBaseUrl`.
 */
export function archiveUrl(config: Pick<Config, 'dlsiteTrialBaseUrl' | 'trialArchiveUrl'>, link: TrialArchiveLink | null, id: number, prefix: string): string {
  const base = config.dlsiteTrialBaseUrl.replace(/\/+$/, '');
  if (link) return base + link.path;
  const target = config.trialArchiveUrl.replaceAll('{code}', formatWorkCode(id, prefix)).replaceAll('{folder}', formatWorkCode(Math.ceil(id / 1000) * 1000, prefix));
  return target.startsWith('/') ? base + target : target;
}

/** Whether an entry says its name is UTF-8: the UTF-8 flag, or an Info-ZIP Unicode path field. */
const namedInUtf8 = (entry: yauzl.Entry) => (entry.generalPurposeBitFlag & UTF8_FLAG) !== 0 || entry.extraFields.some((f) => f.id === UNICODE_PATH_FIELD);

/**
 * The names of an archive's entries, in their order: UTF-8 where an entry says so, the
 * others all decoded with the one encoding detected from all of them together
 * (`decodeAllAs`: an archiver writes every name in one code page, Shift-JIS for most
 * Japanese archives; a guess per name garbles half-width katakana), backslashes as '/'.
 */
function entryNames(entries: readonly yauzl.Entry[]): string[] {
  const legacy = entries.filter((e) => !namedInUtf8(e));
  const decoded = decodeAllAs(legacy.map((e) => e.fileNameRaw)).texts;
  const byEntry = new Map(legacy.map((e, i) => [e, decoded[i]!.replace(/\\/g, '/')]));
  return entries.map((e) => byEntry.get(e) ?? yauzl.getFileNameLowLevel(e.generalPurposeBitFlag, e.fileNameRaw, e.extraFields, false));
}

/** The folder of macOS resource forks some archivers add: left out. */
const isResourceFork = (name: string) => name === '__MACOSX/' || name.startsWith('__MACOSX/');

/** What unpackZip lets an archive hold: bytes of its files together (trialMaxBytes), and entries, folders included (trialMaxEntries). */
export interface UnpackLimits { maxBytes: number; maxEntries: number }

/** Whether `err` is the file system refusing a name another entry took (a file where a folder is, or the same file twice). */
const isClash = (err: unknown) => ['EEXIST', 'ENOTDIR', 'EISDIR'].includes((err as NodeJS.ErrnoException).code ?? '');

/**
 * Unpacks the zip `file` into the folder `dest` (created; it should be new and empty).
 * Answers the number of files written. Throws Invalid when the archive holds more than
 * `limits.maxEntries` entries (counted from its central directory, before any entry is
 * read), Invalid naming the entry for an unsafe name (zip-slip), an encrypted entry or
 * an entry whose file another entry already wrote (a repeated name), Invalid when the
 * files add up to more than `limits.maxBytes`, or yauzl's error for a damaged archive.
 * On a throw, what was written stays in `dest` (the caller unpacks into a temporary
 * folder and removes it).
 */
export async function unpackZip(file: string, dest: string, limits: UnpackLimits): Promise<number> {
  const { maxBytes, maxEntries } = limits;
  const root = path.resolve(dest);
  await fs.promises.mkdir(root, { recursive: true });
  // autoClose off: the entries are all read first (their names are decoded together), then unpacked
  const zip = await yauzl.openPromise(file, { decodeStrings: false, validateEntrySizes: true, autoClose: false });
  let total = 0;
  let files = 0;
  try {
    // yauzl reads exactly the entry count of the end record: checking it bounds what is unpacked
    if (zip.entryCount > maxEntries) throw new Invalid(say('trial.archiveTooManyEntries', { count: zip.entryCount, limit: maxEntries }));
    const entries: yauzl.Entry[] = [];
    for await (const entry of zip.eachEntry()) entries.push(entry);
    const names = entryNames(entries);
    for (const [i, entry] of entries.entries()) {
      const name = names[i]!;
      const unsafe = yauzl.validateFileName(name);
      const target = path.resolve(root, name);
      if (unsafe || !isWithin(root, target) || target === root) throw new Invalid(say('trial.archiveUnsafeEntry', { name }));
      if (isResourceFork(name)) continue;
      if (name.endsWith('/')) {
        await fs.promises.mkdir(target, { recursive: true }).catch((err: unknown) => {
          throw isClash(err) ? new Invalid(say('trial.archiveRepeatedEntry', { name })) : err;
        });
        continue;
      }
      if (entry.isEncrypted()) throw new Invalid(say('trial.archiveEncryptedEntry', { name }));
      total += entry.uncompressedSize;
      if (total > maxBytes) throw new Invalid(say('trial.archiveUnpacksTooLarge', { limit: maxBytes }));
      try {
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await pipeline(await zip.openReadStreamPromise(entry), fs.createWriteStream(target, { flags: 'wx' }));
      } catch (err) {
        if (isClash(err)) throw new Invalid(say('trial.archiveRepeatedEntry', { name }));
        throw err;
      }
      files++;
    }
  } finally {
    zip.close();
  }
  return files;
}
