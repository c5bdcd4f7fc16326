/**
 * The symlink rule (README.md "Symlinks"), one owner for the scanner and the media
 * resolver: a folder or file counts only when its real path (every link resolved) lies
 * inside the real path of a library root. Links between works, across roots too, stay;
 * a link to anywhere else is skipped. A work folder under none of the roots (scanned
 * from a folder given to `audiolib scan DIR` that is not configured) takes its parent
 * folder as its root.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** A library root: its absolute path as configured and its real path. */
export interface LinkRoot { path: string; real: string }

/** True when `child` is `parent` itself or lies below it (both absolute and normalised). */
export function isWithin(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** True when the real path `real` lies inside one of the real folders `allowed`. */
export const insideAny = (real: string, allowed: readonly string[]): boolean => allowed.some((a) => isWithin(a, real));

/** Resolves the roots' real paths; a root that cannot be resolved (missing, unreadable) is left out. */
export async function resolveRoots(roots: readonly { path: string }[]): Promise<LinkRoot[]> {
  const resolved = await Promise.all(roots.map(async (r) => {
    const abs = path.resolve(r.path);
    const real = await fs.realpath(abs).catch(() => null);
    return real === null ? null : { path: abs, real };
  }));
  return resolved.filter((r): r is LinkRoot => r !== null);
}

/**
 * The real folders the files of the work at `workDir` (as reached, links not resolved)
 * may lead into: every root's real path, plus the real path of the work's parent folder
 * when `workDir` lies under none of the roots.
 */
export async function allowedFor(workDir: string, roots: readonly LinkRoot[]): Promise<string[]> {
  const dir = path.resolve(workDir);
  const allowed = roots.map((r) => r.real);
  if (roots.some((r) => isWithin(r.path, dir) || isWithin(r.real, dir))) return allowed;
  const parent = await fs.realpath(path.dirname(dir)).catch(() => null);
  return parent === null ? allowed : [...allowed, parent];
}
