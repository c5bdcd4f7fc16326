/**
 * The TUI bundle (issue 7, start-up <= 400 ms): dist/tui/run.js (emitted by tsc) with
 * everything it imports (ink, react, ink-text-input, knex, the data source modules) in
 * one minified ESM file, dist/tui/bundle.js, which `audiolib tui` loads (src/cli/tui.ts): loading
 * one file takes a fraction of resolving and compiling hundreds of modules. Run by the
 * `build` script after tsc. It sits in dist/tui like run.js, so paths resolved from
 * import.meta.url (migrations/, assets/) are the same.
 *
 * Left out: sqlite3 (native addon); the drivers of knex dialects we do not use (knex
 * requires them only when such a dialect is chosen). react-devtools-core (optional, loaded
 * by ink only with DEV=true, not installed) becomes a stand-in that throws like the missing
 * package, so ink prints its usual install hint. React is bundled in its production build.
 */
import path from 'node:path';
import { defineConfig } from 'vite';

/** Drivers of knex's other dialects (optional peers of knex, not installed). */
const knexDrivers = ['better-sqlite3', 'mariadb', 'mysql', 'mysql2', 'oracledb', 'pg', 'pg-native', 'pg-query-stream', 'tedious'];
/** react-devtools-core as a module whose use throws, as importing the absent package would. */
const noDevtools = {
  name: 'no-react-devtools-core',
  resolveId: (id) => (id === 'react-devtools-core' ? '\0no-react-devtools-core' : null),
  load: (id) => (id === '\0no-react-devtools-core'
    ? "const missing = () => { throw new Error(\"Cannot find package 'react-devtools-core'\"); };\nexport default { initialize: missing, connectToDevTools: missing };"
    : null),
};
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

export default defineConfig({
  root,
  plugins: [noDevtools],
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
