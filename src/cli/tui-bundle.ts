/**
 * Loads the TUI bundle (dist/tui/bundle.cjs, scripts/tui-vite.config.js) with V8's code
 * cache (bench/README.md "tui"): compiling the 1.2 MB bundle, and the functions
 * its first frame runs, is a large part of the start-up. Node 20 caches compiled code only
 * for a script run through `vm.Script` with `cachedData`, hence a CommonJS bundle run the
 * way node runs a CommonJS file (the same wrapper arguments, a require from its path).
 *
 * The cache is the file `bundle.cjs.cache` beside the bundle: a first line naming what it
 * was made from (node's version and architecture, the bundle's size and modification
 * time), then V8's data. A cache that is absent, made from something else, or that V8
 * rejects (another V8 or other flags) is not used: the bundle compiles from its source,
 * and `saveCache` (called when the TUI ends) writes a new one. A cache that cannot be
 * written (a read-only install) is left out silently: the TUI only starts more slowly.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';

/** What the bundle exports: dist/tui/run.js's exports. */
export type TuiBundle = typeof import('../tui/run.js');

/**
 * The loaded bundle's exports; whether its code came from the cache; the writer of the
 * cache (does nothing when the cache was used or is already written).
 */
export interface LoadedTuiBundle { tui: TuiBundle; fromCache: boolean; saveCache(): void }

/** The cache's first line: what a cache must have been made from to be used with `file`. */
function cacheKey(file: string): string {
  const { size, mtimeMs } = fs.statSync(file);
  return `audiolib-tui-code-cache ${process.version} ${process.arch} ${size} ${mtimeMs}\n`;
}

/** V8's data of the cache file made for `key`, or undefined (absent, unreadable or made for something else). */
function readCache(cacheFile: string, key: string): Buffer | undefined {
  let data: Buffer;
  try {
    data = fs.readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  const head = Buffer.from(key);
  return data.subarray(0, head.length).equals(head) ? data.subarray(head.length) : undefined;
}

/**
 * Loads and runs the CommonJS file `file` (by default dist/tui/bundle.cjs, beside this
 * file's dist/cli/) with its code cache when a usable one exists. Throws what reading or
 * running the file throws (ENOENT when the build has not run).
 */
export function loadTuiBundle(file = fileURLToPath(new URL('../tui/bundle.cjs', import.meta.url))): LoadedTuiBundle {
  const source = fs.readFileSync(file, 'utf8');
  const key = cacheKey(file);
  const cacheFile = `${file}.cache`;
  const cachedData = readCache(cacheFile, key);
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
    // knex imports pending migrations (ES modules) with import()
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const fresh = cachedData === undefined || script.cachedDataRejected === true;
  const module = { exports: {} as TuiBundle };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, path.dirname(file));
  let saved = !fresh;
  return {
    tui: module.exports,
    fromCache: !fresh,
    saveCache() {
      if (saved) return;
      saved = true;
      // written aside and renamed: TUIs ending together never leave a half-written cache
      const temp = `${cacheFile}.${process.pid}`;
      try {
        fs.writeFileSync(temp, Buffer.concat([Buffer.from(key), script.createCachedData()]));
        fs.renameSync(temp, cacheFile);
      } catch {
        fs.rmSync(temp, { force: true }); // not writable: no cache
      }
    },
  };
}
