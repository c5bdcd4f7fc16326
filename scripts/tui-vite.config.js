/**
 * The TUI bundle (start-up time, bench/tui): dist/tui/run.js (emitted by tsc) with
 * everything it imports (ink, react, ink-text-input, knex, the data source modules) in
 * one minified ESM file, dist/tui/bundle.js, which `audiolib tui` loads (src/cli/tui.ts): loading
 * one file takes a fraction of resolving and compiling hundreds of modules. Run by the
 * `build` script after tsc. It sits in dist/tui like run.js, so paths resolved from
 * import.meta.url (migrations/, assets/) are the same.
 *
 * Left out: sqlite3 (native addon); the drivers of knex dialects we do not use (knex
 * requires them only when such a dialect is chosen). react-devtools-core (optional, loaded
 * by ink only with DEV=true, not installed) becomes a stand-in that throws like the missing
 * package, so ink prints its usual install hint and goes on (plugin inkDev). React is bundled in its production build. yoga's loader decodes its
 * WebAssembly without fetch (plugin yogaNoFetch).
 */
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vite';

/** Drivers of knex's other dialects (optional peers of knex, not installed). */
const knexDrivers = ['better-sqlite3', 'mariadb', 'mysql', 'mysql2', 'oracledb', 'pg', 'pg-native', 'pg-query-stream', 'tedious'];
/**
 * ink's DEV=true path, kept as it is unbundled: react-devtools-core (absent) becomes a
 * module whose use throws ERR_MODULE_NOT_FOUND, as importing the package would, so ink
 * warns and goes on (Vite's own stand-in for a missing optional dependency throws a plain
 * error, which ink rethrows); ink's read of its package.json (a path relative to its own
 * file, wrong once bundled) becomes that file's name and version, inlined.
 */
const inkDev = {
  name: 'ink-dev',
  enforce: 'pre',
  resolveId: (id) => (id === 'react-devtools-core' ? '\0no-react-devtools-core' : null),
  load: (id) => (id === '\0no-react-devtools-core'
    ? "const missing = () => { throw Object.assign(new Error(\"Cannot find package 'react-devtools-core'\"), { code: 'ERR_MODULE_NOT_FOUND' }); };\nexport default { initialize: missing, connectToDevTools: missing };"
    : null),
  transform(code, id) {
    if (!id.endsWith('/ink/build/reconciler.js')) return null;
    const read = "fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')";
    if (!code.includes(read)) throw new Error('ink/build/reconciler.js no longer reads ../package.json as expected: update scripts/tui-vite.config.js');
    const { name, version } = JSON.parse(fs.readFileSync(path.join(path.dirname(id), '..', 'package.json'), 'utf8'));
    return code.replace(read, JSON.stringify(JSON.stringify({ name, version })));
  },
};
/**
 * yoga's WebAssembly loader (emscripten) fetches its own inline `data:` URL with the
 * global fetch, which loads node's internal undici (about 30 ms of start-up) only to
 * decode base64. A module-scoped `var fetch;` hides the global from that one module, so
 * the loader takes its synchronous path and decodes the base64 itself.
 */
const yogaNoFetch = {
  name: 'yoga-no-fetch',
  enforce: 'pre',
  transform(code, id) {
    if (!id.endsWith('/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js')) return null;
    if (!code.includes('typeof fetch')) throw new Error('yoga-layout no longer tests for fetch as expected: update scripts/tui-vite.config.js');
    return `var fetch;\n${code}`;
  },
};
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

export default defineConfig({
  root,
  plugins: [inkDev, yogaNoFetch],
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
      output: { format: 'es', entryFileNames: 'bundle.js', codeSplitting: false },
    },
  },
});
