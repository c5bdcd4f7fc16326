/**
 * The TUI bundle (start-up time, bench/tui): dist/tui/run.js (emitted by tsc) with
 * everything it imports (ink, react, knex, the data source modules) in
 * one minified CommonJS file, dist/tui/bundle.cjs, which `audiolib tui` runs with V8's code
 * cache (src/cli/tui-bundle.ts; node 20 caches code only for CommonJS run through
 * vm.Script): loading one file takes a fraction of resolving and compiling hundreds of
 * modules. Run by the `build` script after tsc. It sits in dist/tui like run.js, so paths
 * resolved from import.meta.url (migrations/, assets/) are the same.
 *
 * Left out: sqlite3 (native addon); pg and the drivers of knex dialects we do not use
 * (required only when such a database is chosen). React is bundled in its production
 * build. CommonJS has no top-level await: yoga-layout's and ink's are rewritten (plugins
 * yogaSync, inkSync); string-width gets a fast path for text that needs no grapheme
 * segmentation (plugin stringWidthFastPath). Each rewrite throws at build time when its
 * dependency's code no longer has what it expects, and test/tui/bundle-rewrites.test.ts
 * applies them to the installed files; what the bundle saves is in bench/README.md "TUI".
 */
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vite';

/** Drivers of knex's other dialects (optional peers of knex, not installed). */
const knexDrivers = ['better-sqlite3', 'mariadb', 'mysql', 'mysql2', 'oracledb', 'pg', 'pg-native', 'pg-query-stream', 'tedious'];
/**
 * ink's reconciler awaits at its top level, which a CommonJS bundle cannot hold: two
 * build-time rewrites with the same effect. Its DEV=true import of './devtools.js' (which
 * imports react-devtools-core, optional and not installed) becomes the throw of the missing
 * package, so ink prints its usual install hint and goes on; its read of its package.json
 * (DEV=true only; a path relative to its own file, wrong once bundled) becomes that file's
 * name and version, inlined.
 */
const inkSync = {
  name: 'ink-sync',
  enforce: 'pre',
  transform(code, id) {
    if (!id.endsWith('/ink/build/reconciler.js')) return null;
    const devtools = "await import('./devtools.js');";
    const pkg = '? await loadPackageJson()';
    if (!code.includes(devtools) || !code.includes(pkg)) throw new Error('ink/build/reconciler.js no longer awaits devtools and its package.json as expected: update scripts/tui-vite.config.js');
    const { name, version } = JSON.parse(fs.readFileSync(path.join(path.dirname(id), '..', 'package.json'), 'utf8'));
    return code
      .replace(devtools, "throw Object.assign(new Error(\"Cannot find package 'react-devtools-core'\"), { code: 'ERR_MODULE_NOT_FOUND' });")
      .replace(pkg, `? ${JSON.stringify({ name, version })}`);
  },
};
/**
 * yoga's WebAssembly loader (emscripten) is asynchronous: yoga-layout awaits it at its top
 * level. Given an `instantiateWasm` hook that instantiates synchronously, the loader is
 * done when it returns, so the await goes. The hook decodes the inline base64 with
 * Buffer (the binary's data: URL, hoisted into a module constant): neither emscripten's
 * base64 decoder nor the global fetch (which loads node's internal undici) runs.
 */
const WASM_URL_PREFIX = 'data:application/octet-stream;base64,';
const yogaSync = {
  name: 'yoga-sync',
  enforce: 'pre',
  transform(code, id) {
    if (id.endsWith('/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js')) {
      const literal = code.match(new RegExp(`H="(${WASM_URL_PREFIX}[A-Za-z0-9+/=]+)"`));
      if (!literal || !code.includes('h.instantiateWasm(')) throw new Error('yoga-layout\'s loader no longer has an inline binary and an instantiateWasm hook as expected: update scripts/tui-vite.config.js');
      const bytes = `export const yogaWasmBytes = () => Buffer.from(YOGA_WASM_URL.slice(${WASM_URL_PREFIX.length}), 'base64');`;
      return `const YOGA_WASM_URL = ${JSON.stringify(literal[1])};\n${bytes}\n${code.replace(literal[0], 'H=YOGA_WASM_URL')}`;
    }
    if (id.endsWith('/yoga-layout/dist/src/index.js')) {
      const load = 'const Yoga = wrapAssembly(await loadYoga());';
      if (!code.includes(load)) throw new Error('yoga-layout no longer awaits its loader as expected: update scripts/tui-vite.config.js');
      return code
        .replace("import loadYoga from '../binaries/yoga-wasm-base64-esm.js';", "import loadYoga, { yogaWasmBytes } from '../binaries/yoga-wasm-base64-esm.js';")
        .replace(load, `const yogaModule = {
  instantiateWasm(imports, receive) {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(yogaWasmBytes()), imports);
    receive(instance);
    return instance.exports;
  },
};
loadYoga(yogaModule);
if (!yogaModule.calledRun) throw new Error('yoga-layout did not load synchronously');
const Yoga = wrapAssembly(yogaModule);`);
    }
    return null;
  },
};
/**
 * string-width's first measure of a non-ASCII text compiles its `/^\p{RGI_Emoji}$/v` (about
 * 40 ms of start-up, bench/README.md "tui"): after its ASCII fast path, text that
 * src/tui/simple-text.ts accepts (each character a grapheme of its own, no emoji; Japanese
 * titles) is measured as the sum of its characters' East Asian widths, with string-width's
 * own function and options: the answer of its full path (test/tui/simple-text.test.ts).
 * Applied to the string-width that ink, cli-truncate and widest-line use.
 */
const stringWidthFastPath = {
  name: 'string-width-fast-path',
  enforce: 'pre',
  transform(code, id) {
    if (id !== stringWidthFile) return null;
    const ascii = 'if (/^[\\u0020-\\u007E]*$/.test(string)) {\n\t\treturn string.length;\n\t}';
    if (!code.includes(ascii) || !code.includes('{ambiguousAsWide: !ambiguousIsNarrow}')) throw new Error('string-width no longer has its ASCII fast path as expected: update scripts/tui-vite.config.js');
    const simple = `if (isSimpleText(string)) {
\t\tlet width = 0;
\t\tfor (const character of string) width += eastAsianWidth(character.codePointAt(0), {ambiguousAsWide: !ambiguousIsNarrow});
\t\treturn width;
\t}`;
    return `import { isSimpleText } from ${JSON.stringify(path.join(root, 'dist', 'tui', 'simple-text.js'))};\n${code.replace(ascii, `${ascii}\n\t${simple}`)}`;
  },
};
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/** string-width's file as Vite names it (its real path), the one ink imports. */
const stringWidthFile = fs.realpathSync(path.join(root, 'node_modules', 'string-width', 'index.js'));

export default defineConfig({
  root,
  plugins: [inkSync, yogaSync, stringWidthFastPath],
  logLevel: 'warn',
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: path.join(root, 'dist', 'tui', 'run.js'),
    outDir: path.join(root, 'dist', 'tui'),
    emptyOutDir: false,
    sourcemap: false,
    minify: true,
    target: 'node20',
    rolldownOptions: {
      external: (id) => ['sqlite3', ...knexDrivers].some((name) => id === name || id.startsWith(`${name}/`)),
      output: { format: 'cjs', entryFileNames: 'bundle.cjs', codeSplitting: false },
    },
  },
});
