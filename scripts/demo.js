#!/usr/bin/env node
/**
 * The README's first command ends here (after `npm ci` and `npm run build`): a demo data
 * directory (.demo-data/, SQLite) with the bundled sample library as its root folder,
 * scanned, then `audiolib serve` on http://localhost:8888 with the login printed.
 * Env: AUDIOLIB_DATA_DIR (default .demo-data), AUDIOLIB_ADMIN_PASSWORD (default audiolib-demo),
 * AUDIOLIB_PORT (default 8888).
 */
import { spawnSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(process.env.AUDIOLIB_DATA_DIR || path.join(root, '.demo-data'));
const library = path.join(root, 'test', 'fixtures', 'library');
const password = process.env.AUDIOLIB_ADMIN_PASSWORD || 'audiolib-demo';
const cli = path.join(root, 'bin', 'audiolib.js');

const { ensureDataDir, loadConfig, saveConfig } = await import(path.join(root, 'dist', 'config', 'index.js'));
ensureDataDir(dataDir);
const config = loadConfig(dataDir);
if (!config.rootFolders.some((r) => r.path === library)) {
  saveConfig(dataDir, { ...config, rootFolders: [...config.rootFolders, { name: 'sample', path: library }] });
}

const scan = spawnSync(process.execPath, [cli, '--data-dir', dataDir, 'scan', '--no-fetch'], { stdio: 'inherit' });
if (scan.status === 2) process.exit(2);

const port = process.env.AUDIOLIB_PORT || '8888';
process.stderr.write(`\naudiolib demo: open http://localhost:${port} and log in as admin / ${password}\n\n`);
const serve = spawn(process.execPath, [cli, '--data-dir', dataDir, 'serve', '--port', port], {
  stdio: 'inherit',
  env: { ...process.env, AUDIOLIB_ADMIN_PASSWORD: password },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => serve.kill(sig));
serve.on('exit', (code) => process.exit(code ?? 0));
