#!/usr/bin/env node
// Launcher: the compiled CLI lives in dist/ (npm run build).
import('../dist/cli/main.js').catch((err) => {
  if (err && err.code === 'ERR_MODULE_NOT_FOUND' && String(err.message).includes('dist/cli/main.js')) {
    process.stderr.write('audiolib: not built yet; run `npm run build` first\n');
    process.exit(2);
  }
  throw err;
});
