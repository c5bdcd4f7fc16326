/**
 * Phase 1 of a scan (README.md): walking the roots to find work folders, and listing
 * the files of one work folder. Symlinks are followed while their real path stays
 * inside a library root (link-roots.ts); a link leading anywhere else, a link back to
 * one of its own ancestors (a loop) and a broken link are skipped with a log line.
 */
import fs from 'node:fs/promises';
import fsSync, { type Dirent, type Stats } from 'node:fs';
import path from 'node:path';
import { formatWorkCode, Invalid, parseWorkCode, say, type CodePrefix } from '../model/index.js';
import { allowedFor, insideAny, type LinkRoot } from './link-roots.js';
import type { FolderTimes } from './folder-times.js';
import type { ScanLog, ScanRoot, SkippedLink } from './types.js';

/** A folder whose name carries a work code. `dir` is absolute (as reached, links not resolved); `real` its real path. */
export interface WorkFolder { id: number; prefix: CodePrefix; code: string; root: ScanRoot; dir: string; real: string }

export interface Discovery {
  /** One folder per code: the first by sorted path. */
  works: WorkFolder[];
  /** Folders of a code already kept. */
  duplicates: { id: number; code: string; kept: string; duplicate: string }[];
  /** Roots that could not be read (missing, unmounted, no permission). */
  unreadableRoots: { root: ScanRoot; error: string }[];
  /** Folder links whose real path lies outside every library root (`work` is the code of a work folder link). */
  skippedLinks: SkippedLink[];
}

/** Entries a file manager or NAS leaves behind; never part of a work. */
const JUNK = new Set(['.ds_store', 'thumbs.db', 'desktop.ini', '@eadir', '.git']);
const isJunk = (name: string) => JUNK.has(name.toLowerCase()) || name.startsWith('._');

/** Folder depth limit inside one work, against pathological trees. */
const MAX_WORK_DEPTH = 32;

/** A directory whose real path is one of the folders being walked, or contains one, leads back into itself. */
function isLoop(real: string, ancestors: Set<string>): boolean {
  for (const a of ancestors) {
    const rel = path.relative(real, a);
    if (rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))) return true;
  }
  return false;
}

const collator = new Intl.Collator('en', { numeric: true });
/**
 * Orders paths segment by segment with a natural, locale-aware comparison
 * ('Track2' < 'Track10', '[x]' < 'RJ'). `sep` splits segments (default the OS separator;
 * '/' for work-relative paths).
 */
export function comparePaths(a: string, b: string, sep: string = path.sep): number {
  const as = a.split(sep);
  const bs = b.split(sep);
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const c = collator.compare(as[i]!, bs[i]!) || (as[i]! < bs[i]! ? -1 : as[i]! > bs[i]! ? 1 : 0);
    if (c !== 0) return c;
  }
  return as.length - bs.length;
}

/**
 * Finds the work folders under the roots (DESIGN section 5): a folder whose name has a
 * work code is a work and is not descended into; other folders are descended into while
 * their depth (a root's child is 1) is below `maxDepth`. Duplicated codes keep the first
 * folder by sorted path. A folder link whose real path lies inside none of `allowed`
 * (the real paths of the library roots) is skipped and listed in `skippedLinks`.
 * `log` receives main-log lines (links skipped, broken links, loops, unreadable
 * folders). Throws an AbortError when `signal` aborts.
 */
export async function discoverWorks(roots: ScanRoot[], maxDepth: number, allowed: readonly string[], log: (l: ScanLog) => void, signal?: AbortSignal): Promise<Discovery> {
  const found: WorkFolder[] = [];
  const unreadableRoots: Discovery['unreadableRoots'] = [];
  const skippedLinks: SkippedLink[] = [];

  const visit = async (root: ScanRoot, dir: string, dirReal: string, depth: number, ancestors: Set<string>): Promise<void> => {
    signal?.throwIfAborted();
    const entries = await fs.readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      if (isJunk(entry.name)) continue;
      const kind = kindOfSync(dir, entry, log);
      if (kind?.kind !== 'dir') continue;
      const full = path.join(dir, entry.name);
      const code = parseWorkCode(entry.name);
      // only a link can lead elsewhere; a plain sub-folder's real path is its parent's plus its name
      let real = path.join(dirReal, entry.name);
      if (entry.isSymbolicLink()) {
        try {
          real = await fs.realpath(full);
        } catch (err) {
          log({ level: 'warn', ...say('scan.skipUnreadable', { path: full, reason: (err as Error).message }) });
          continue;
        }
        if (!insideAny(real, allowed)) {
          const work = code ? formatWorkCode(code.id, code.prefix) : null;
          log({ level: 'warn', ...say('scan.skipLinkOutside', { path: full, target: real }) });
          skippedLinks.push({ work, path: full, target: real });
          continue;
        }
      }
      if (code) {
        found.push({ id: code.id, prefix: code.prefix, code: formatWorkCode(code.id, code.prefix), root, dir: full, real });
        continue;
      }
      // this folder sits at depth + 1; its children are looked at only below maxDepth
      if (depth + 1 >= maxDepth) continue;
      if (isLoop(real, ancestors)) {
        log({ level: 'warn', ...say('scan.skipLinkLoop', { path: full, target: real }) });
        continue;
      }
      try {
        await visit(root, full, real, depth + 1, new Set(ancestors).add(real));
      } catch (err) {
        if ((err as Error).name === 'AbortError') throw err;
        log({ level: 'error', ...say('scan.folderUnreadable', { path: full, reason: (err as Error).message }) });
      }
    }
  };

  for (const root of roots) {
    try {
      const real = await fs.realpath(root.path);
      await visit(root, root.path, real, 0, new Set([real]));
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
      unreadableRoots.push({ root, error: missing ? 'folder not found' : (err as Error).message });
      const where = { name: root.name, path: root.path };
      log({ level: 'error', ...(missing ? say('scan.rootMissing', where) : say('scan.rootUnreadable', { ...where, reason: (err as Error).message })) });
    }
  }

  found.sort((a, b) => comparePaths(a.dir, b.dir));
  const byId = new Map<number, WorkFolder>();
  const duplicates: Discovery['duplicates'] = [];
  for (const work of found) {
    const kept = byId.get(work.id);
    if (kept) duplicates.push({ id: work.id, code: kept.code, kept: kept.dir, duplicate: work.dir });
    else byId.set(work.id, work);
  }
  return { works: [...byId.values()], duplicates, unreadableRoots, skippedLinks };
}

/** A file found in a work folder. `relpath` uses '/'; `mtime` is ms since epoch; `size` bytes. */
export interface FoundFile { relpath: string; abs: string; size: number; mtime: number }

/**
 * What a directory entry is for the walk: a folder, a file (with its stat when reached
 * through a link), or null (other kinds, broken links: logged as a warning).
 */
function kindOfSync(dir: string, entry: Dirent, log: (l: ScanLog) => void): { kind: 'dir' | 'file'; stat?: Stats } | null {
  if (entry.isDirectory()) return { kind: 'dir' };
  if (entry.isFile()) return { kind: 'file' };
  if (!entry.isSymbolicLink()) return null;
  const full = path.join(dir, entry.name);
  try {
    const st = fsSync.statSync(full);
    if (st.isDirectory()) return { kind: 'dir' };
    if (st.isFile()) return { kind: 'file', stat: st };
    return null;
  } catch (err) {
    log({ level: 'warn', ...say('scan.skipBrokenLink', { path: full, reason: (err as NodeJS.ErrnoException).code ?? (err as Error).message }) });
    return null;
  }
}

/**
 * The files of a work folder, and the links in it that lead outside the library roots.
 * `folders` (asked with `recordFolders`): each folder's change time, stated before it was
 * read (folder-times.ts); null when the work holds a link.
 */
export interface WorkListing { files: FoundFile[]; skippedLinks: { path: string; target: string }[]; folders?: FolderTimes | null }

/** Options of listWorkFiles: the work folder's real path when known (spares resolving it), whether to record folder times. */
export interface ListOptions { real?: string; recordFolders?: boolean }

/**
 * Lists every file of a work folder, sub-folders included (whatever their names),
 * sorted by relpath (code-unit order). Symlinks are followed without loops while their
 * real path lies inside a library root (`roots`; link-roots.ts `allowedFor`); a link
 * leading outside (listed in `skippedLinks`) and a broken link are skipped with a
 * warning through `log`. Throws when the work folder itself leads outside the roots,
 * or when it or one of its sub-folders or files cannot be read (the work then fails
 * rather than losing rows).
 * The listing uses synchronous calls (a stat costs a few microseconds instead of tens
 * through promises; one work blocks the event loop well under a millisecond per 100 files).
 * `opts.real` is the work folder's real path when the caller knows it (the walk does);
 * `opts.recordFolders` states each folder before reading it and answers `folders`.
 */
export async function listWorkFiles(workDir: string, roots: readonly LinkRoot[], log: (l: ScanLog) => void, signal?: AbortSignal, opts: ListOptions = {}): Promise<WorkListing> {
  signal?.throwIfAborted();
  const allowed = await allowedFor(workDir, roots);
  const files: FoundFile[] = [];
  const skippedLinks: WorkListing['skippedLinks'] = [];
  const folders: FolderTimes | null = opts.recordFolders ? {} : null;
  let holdsLink = false;
  const visit = (dir: string, dirReal: string, rel: string, depth: number, ancestors: Set<string>): void => {
    // stated before it is read: an entry changed after the stat changes the time saved next
    if (folders) folders[rel] = fsSync.statSync(dir).ctimeMs;
    for (const entry of fsSync.readdirSync(dir, { withFileTypes: true })) {
      if (isJunk(entry.name)) continue;
      if (entry.isSymbolicLink()) holdsLink = true;
      const kind = kindOfSync(dir, entry, log);
      if (!kind) continue;
      const full = path.join(dir, entry.name);
      const relpath = rel ? `${rel}/${entry.name}` : entry.name;
      // only a link can lead elsewhere; a plain entry's real path is its folder's plus its name
      const linked = entry.isSymbolicLink() ? fsSync.realpathSync(full) : null;
      if (linked !== null && !insideAny(linked, allowed)) {
        log({ level: 'warn', ...say('scan.skipLinkOutside', { path: relpath, target: linked }) });
        skippedLinks.push({ path: full, target: linked });
        continue;
      }
      if (kind.kind === 'file') {
        let st = kind.stat;
        try {
          st ??= fsSync.statSync(full);
        } catch (err) {
          // a name in another encoding (Shift-JIS from an old archive) decodes lossily and cannot be opened
          if (entry.name.includes('\uFFFD')) throw new Invalid(say('scan.nameNotUtf8', { path: relpath }));
          throw err;
        }
        files.push({ relpath, abs: full, size: st.size, mtime: Math.floor(st.mtimeMs) });
        continue;
      }
      if (depth >= MAX_WORK_DEPTH) {
        log({ level: 'warn', ...say('scan.skipTooDeep', { path: relpath, depth: MAX_WORK_DEPTH }) });
        continue;
      }
      if (linked !== null && isLoop(linked, ancestors)) {
        log({ level: 'warn', ...say('scan.skipLinkLoop', { path: relpath, target: linked }) });
        continue;
      }
      const real = linked ?? path.join(dirReal, entry.name);
      visit(full, real, relpath, depth + 1, new Set(ancestors).add(real));
    }
  };
  const workReal = opts.real ?? fsSync.realpathSync(workDir);
  if (!insideAny(workReal, allowed)) throw new Error(`the work folder leads outside the library roots: ${workDir} -> ${workReal}`);
  visit(workDir, workReal, '', 0, new Set([workReal]));
  files.sort((a, b) => (a.relpath < b.relpath ? -1 : a.relpath > b.relpath ? 1 : 0));
  if (!opts.recordFolders) return { files, skippedLinks };
  return { files, skippedLinks, folders: holdsLink ? null : folders };
}
