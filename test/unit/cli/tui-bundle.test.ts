/**
 * The TUI bundle's loader (src/cli/tui-bundle.ts): runs a CommonJS file the way node
 * does, writes V8's code cache beside it, uses it next time, and compiles from the source
 * when the cache is absent, made for another file or rejected by V8. Before each load
 * that should read the cache, the folder moves: V8 would otherwise find the script in
 * its in-process compilation cache (same source, same file name) and not read ours.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadTuiBundle } from '../../../src/cli/tui-bundle.js';

let dir: string;
let file: string;
const source = (answer: number) => `const path = require('node:path');
function twice(n) { return n * 2; }
exports.answer = twice(${answer}); exports.dir = __dirname; exports.name = path.basename(__filename); module.exports.same = module.exports === exports;\n`;
/** Moves the folder (the file keeps its size and time, so its cache stays valid). */
const move = () => {
  const to = `${dir}-moved`;
  fs.renameSync(dir, to);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-tui-bundle-'));
  fs.rmSync(dir, { recursive: true });
  fs.renameSync(to, dir);
  file = path.join(dir, 'bundle.cjs');
};
const load = () => {
  const loaded = loadTuiBundle(file);
  return { fromCache: loaded.fromCache, exports: loaded.tui as unknown as Record<string, unknown>, saveCache: loaded.saveCache };
};

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-tui-bundle-'));
  file = path.join(dir, 'bundle.cjs');
  fs.writeFileSync(file, source(21));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('loadTuiBundle', () => {
  it('runs the file as CommonJS, writes its code cache when asked and uses it next time', () => {
    const first = load();
    expect(first.exports).toEqual({ answer: 42, dir, name: 'bundle.cjs', same: true });
    expect(first.fromCache).toBe(false);
    expect(fs.existsSync(`${file}.cache`)).toBe(false);
    first.saveCache();
    expect(fs.readFileSync(`${file}.cache`, 'latin1').split('\n')[0]).toContain(process.version);

    move();
    const second = load();
    expect(second.fromCache).toBe(true);
    expect(second.exports).toMatchObject({ answer: 42, dir });
    second.saveCache(); // nothing to write: the cache was used
    expect(fs.readdirSync(dir).sort()).toEqual(['bundle.cjs', 'bundle.cjs.cache']);
  });

  it('does not use the cache of another build of the file (same length, other code)', () => {
    load().saveCache();
    fs.writeFileSync(file, source(50)); // as long as before
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const rebuilt = load();
    expect(rebuilt.fromCache).toBe(false);
    expect(rebuilt.exports.answer).toBe(100);
    rebuilt.saveCache();
    move();
    expect(load()).toMatchObject({ fromCache: true, exports: { answer: 100 } });
  });

  it('compiles from the source when V8 rejects the cache, and replaces it', () => {
    load().saveCache();
    const head = fs.readFileSync(`${file}.cache`, 'latin1').split('\n')[0];
    fs.writeFileSync(`${file}.cache`, `${head}\n${'garbage'.repeat(100)}`, 'latin1');
    move();
    const rejected = load();
    expect(rejected).toMatchObject({ fromCache: false, exports: { answer: 42 } });
    rejected.saveCache();
    move();
    expect(load().fromCache).toBe(true);
  });

  it('goes on without a cache that cannot be read or written', () => {
    fs.mkdirSync(`${file}.cache`); // in the way of both
    const loaded = load();
    expect(loaded).toMatchObject({ fromCache: false, exports: { answer: 42 } });
    expect(() => loaded.saveCache()).not.toThrow();
    expect(fs.readdirSync(dir).sort()).toEqual(['bundle.cjs', 'bundle.cjs.cache']);
    expect(fs.statSync(`${file}.cache`).isDirectory()).toBe(true);
  });
});
