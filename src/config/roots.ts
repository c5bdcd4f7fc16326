/**
 * Library root folders (spec 001 section 2, admin home): the `rootFolders`
 * config key, a list of {name, path} that scans walk. Pure functions on a config:
 * each returns the new list or throws Invalid, NotFound or Conflict; the caller saves it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RootFolder } from './schema.js';
import { Conflict, Invalid, NotFound, say } from '../model/index.js';

function find(roots: RootFolder[], name: string): number {
  const i = roots.findIndex((r) => r.name === name);
  if (i < 0) throw new NotFound(say('root.notFound', { name }));
  return i;
}

/**
 * Adds a root: `dir` is resolved to an absolute path that must exist and be a
 * directory (Invalid otherwise); the name and the path must both be new (Conflict).
 */
export function addRootFolder(roots: RootFolder[], name: string, dir: string): RootFolder[] {
  const abs = path.resolve(dir);
  let isDir = false;
  try {
    isDir = fs.statSync(abs).isDirectory();
  } catch {
    throw new Invalid(say('root.pathMissing', { path: abs }));
  }
  if (!isDir) throw new Invalid(say('root.notDirectory', { path: abs }));
  if (roots.some((r) => r.name === name)) throw new Conflict(say('root.nameTaken', { name }));
  if (roots.some((r) => path.resolve(r.path) === abs)) throw new Conflict(say('root.pathTaken', { path: abs }));
  return [...roots, { name, path: abs }];
}

/** Renames the root `name` to `newName` (NotFound unknown, Conflict when newName is taken). */
export function renameRootFolder(roots: RootFolder[], name: string, newName: string): RootFolder[] {
  const i = find(roots, name);
  if (newName !== name && roots.some((r) => r.name === newName)) throw new Conflict(say('root.nameTaken', { name: newName }));
  return roots.map((r, j) => (j === i ? { ...r, name: newName } : r));
}

/**
 * Removes the root `name` from the list (NotFound unknown). The catalogue keeps its
 * works and every user's data; a scan hides works no root holds any more.
 */
export function removeRootFolder(roots: RootFolder[], name: string): RootFolder[] {
  const i = find(roots, name);
  return roots.filter((_, j) => j !== i);
}
