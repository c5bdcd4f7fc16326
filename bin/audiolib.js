#!/usr/bin/env node
// Launcher: the compiled CLI lives in dist/ (npm run build). On a terminal, a TUI command
// line starts the TUI without loading the CLI first (dist/cli/tui-fast.js hands any other
// command line to the CLI).
const entry = process.stdin.isTTY && process.stdout.isTTY ? 'tui-fast.js' : 'main.js';
import(`../dist/cli/${entry}`).catch((err) => {
  if (err && err.code === 'ERR_MODULE_NOT_FOUND' && String(err.message).includes(`dist/cli/${entry}`)) {
    process.stderr.write('audiolib: not built yet; run `npm run build` first\n');
    process.exit(2);
  }
  throw err;
});
