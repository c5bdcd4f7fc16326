/**
 * The TUI bundle's build-time rewrites of three dependencies (scripts/tui-vite.config.js:
 * inkSync, yogaSync, stringWidthFastPath), applied to the files installed in node_modules.
 * A new version of ink, yoga-layout or string-width whose code no longer has what a rewrite
 * expects fails here (and the build), rather than shipping a bundle that awaits at its top
 * level or measures text another way. The gain they buy is in bench/README.md "TUI".
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

interface Rewrite { name: string; transform(code: string, id: string): string | null }
const root = path.resolve(import.meta.dirname, '../..');
/** The build's config, plain JavaScript (no declaration file), loaded by its URL. */
const config = (await import(pathToFileURL(path.join(root, 'scripts', 'tui-vite.config.js')).href) as { default: { plugins: Rewrite[] } }).default;
const plugin = (name: string) => config.plugins.find((p) => p.name === name)!;

/** The real path of `file` inside the installed package `pkg` (as Vite names modules). */
function installed(pkg: string, file: string): string {
  return fs.realpathSync(path.join(root, 'node_modules', pkg, file));
}

/** Applies `name` to the installed file and answers the rewritten code. */
function rewrite(name: string, id: string): string {
  const out = plugin(name).transform(fs.readFileSync(id, 'utf8'), id);
  expect(out, `${name} left ${id} as it was`).toEqual(expect.any(String));
  return out!;
}

describe('the TUI bundle rewrites of the installed dependencies', () => {
  it('ink: no top-level await of its devtools and package.json', () => {
    const code = rewrite('ink-sync', installed('ink', 'build/reconciler.js'));
    expect(code).not.toContain("await import('./devtools.js')");
    expect(code).not.toContain('await loadPackageJson()');
    expect(code).toContain('"name":"ink"');
  });

  it('yoga-layout: its WebAssembly loaded synchronously from the inline binary', () => {
    const loader = rewrite('yoga-sync', installed('yoga-layout', 'dist/binaries/yoga-wasm-base64-esm.js'));
    expect(loader).toContain('export const yogaWasmBytes');
    const index = rewrite('yoga-sync', installed('yoga-layout', 'dist/src/index.js'));
    expect(index).not.toContain('await loadYoga()');
    expect(index).toContain('yogaModule.calledRun');
  });

  it('string-width: the fast path for simple text after its ASCII one', () => {
    const code = rewrite('string-width-fast-path', installed('string-width', 'index.js'));
    expect(code).toContain('isSimpleText(string)');
    expect(code.indexOf('return string.length')).toBeLessThan(code.indexOf('if (isSimpleText(string))'));
  });

  it('names the config to update when a dependency no longer matches', () => {
    const ink = installed('ink', 'build/reconciler.js');
    expect(() => plugin('ink-sync').transform('export {}', ink)).toThrow(/update scripts\/tui-vite\.config\.js/);
    const yoga = installed('yoga-layout', 'dist/src/index.js');
    expect(() => plugin('yoga-sync').transform('export {}', yoga)).toThrow(/update scripts\/tui-vite\.config\.js/);
  });
});
