/**
 * Library root folders (spec 001 section 2, admin home): the `rootFolders`
 * config key, a list of {name, path} that scans walk. Pure functions on a config:
 * each returns the new list or throws RootFolderError; the caller saves it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RootFolder } from './schema.js';

/** A refused change; `status` is the HTTP status the API answers with. */
export class RootFolderError extends Error {
  constructor(message: string, readonly status: 400 | 404 | 409) {
    super(message);
    this.name = 'RootFolderError';
  }
}

function find(roots: RootFolder[], name: string): number {
  const i = roots.findIndex((r) => r.name === name);
  if (i < 0) throw new RootFolderError(`no root folder named ${name}`, 404);
  return i;
}

/**
 * Adds a root: `dir` is resolved to an absolute path that must exist and be a
 * directory (400 otherwise); the name and the path must both be new (409).
 */
export function addRootFolder(roots: RootFolder[], name: string, dir: string): RootFolder[] {
  const abs = path.resolve(dir);
  let isDir = false;
  try {
    isDir = fs.statSync(abs).isDirectory();
  } catch {
    throw new RootFolderError(`path does not exist: ${abs}`, 400);
  }
  if (!isDir) throw new RootFolderError(`path is not a directory: ${abs}`, 400);
  if (roots.some((r) => r.name === name)) throw new RootFolderError(`root folder name already exists: ${name}`, 409);
  if (roots.some((r) => path.resolve(r.path) === abs)) throw new RootFolderError(`root folder already added: ${abs}`, 409);
  return [...roots, { name, path: abs }];
}

/** Renames the root `name` to `newName` (404 unknown, 409 when newName is taken). */
export function renameRootFolder(roots: RootFolder[], name: string, newName: string): RootFolder[] {
  const i = find(roots, name);
  if (newName !== name && roots.some((r) => r.name === newName)) throw new RootFolderError(`root folder name already exists: ${newName}`, 409);
  return roots.map((r, j) => (j === i ? { ...r, name: newName } : r));
}

/**
 * Removes the root `name` from the list (404 unknown). The catalogue keeps its
 * works and every user's data; a scan hides works no root holds any more.
 */
export function removeRootFolder(roots: RootFolder[], name: string): RootFolder[] {
  const i = find(roots, name);
  return roots.filter((_, j) => j !== i);
}
