/**
 * `audiolib translate-key add|list|revoke` (README "Security"): the worker keys that
 * `audiolib translate --server` authenticates with instead of the admin's password
 * (src/lyrics/worker-keys.ts; the admin page manages the same keys). The key itself is
 * shown once, by add: on stdout, or written to --out FILE (mode 0600, never
 * overwriting). Works whether or not the server runs; a revoked key is refused at once.
 */
import fs from 'node:fs';
import type { Command } from 'commander';
import { createWorkerKey, listWorkerKeys, revokeWorkerKey } from '../lyrics/worker-keys.js';
import type { WorkerKey } from '../model/index.js';
import { CliError, info, printJson } from './output.js';
import { withDb } from './with-db.js';

/** Opens --out FILE for the new key: created with mode 0600, refused when it exists. Answers the descriptor. */
function openKeyFile(file: string): number {
  try {
    return fs.openSync(file, 'wx', 0o600);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new CliError(code === 'EEXIST' ? `${file} exists: choose another --out file` : `cannot write ${file}: ${(err as Error).message}`);
  }
}

/** The list as a table: NAME, CREATED, LAST USED, STATE. */
function keyTable(keys: WorkerKey[]): string {
  const rows = [['NAME', 'CREATED', 'LAST USED', 'STATE'], ...keys.map((k) => [k.name, k.created_at, k.last_used_at ?? '-', k.revoked ? 'revoked' : 'active'])];
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell)).join('  ') + '\n').join('');
}

export function registerTranslateKey(program: Command): void {
  const keys = program.command('translate-key').description('manage the worker keys of AI lyric workers (audiolib translate --key-file)');

  keys
    .command('add')
    .description('create a worker key; it is printed once (or written to --out FILE)')
    .argument('<name>', 'key name, shown in the list (1 to 64 characters)')
    .option('--out <file>', 'write the key to this new file (mode 0600) instead of stdout')
    .option('--json', 'print {key, token} (or {key, file} with --out) as JSON')
    .action(async (name: string, opts: { out?: string; json?: boolean }) => {
      const fd = opts.out ? openKeyFile(opts.out) : null;
      let created: Awaited<ReturnType<typeof createWorkerKey>> | undefined;
      let saved = false;
      try {
        await withDb(program, async (db) => { created = await createWorkerKey(db, name); });
        if (fd !== null) fs.writeSync(fd, created!.token + '\n');
        saved = true;
      } finally {
        if (fd !== null) {
          fs.closeSync(fd);
          if (!saved) fs.rmSync(opts.out!, { force: true });
        }
      }
      const { key, token } = created!;
      if (opts.json) printJson(opts.out ? { key, file: opts.out } : { key, token });
      else if (!opts.out) process.stdout.write(token + '\n');
      info(`created worker key ${key.name}${opts.out ? ` in ${opts.out}` : ''}; it is not shown again (audiolib translate --key-file FILE or AUDIOLIB_WORKER_KEY)`);
    });

  keys
    .command('list')
    .description('list worker keys: name, created, last used, active or revoked')
    .option('--json', 'print {keys: [{id, name, created_at, last_used_at, revoked}]} as JSON')
    .action(async (opts: { json?: boolean }) => {
      await withDb(program, async (db) => {
        const list = await listWorkerKeys(db);
        if (opts.json) printJson({ keys: list });
        else if (!list.length) info('no worker keys (audiolib translate-key add NAME)');
        else process.stdout.write(keyTable(list));
      });
    });

  keys
    .command('revoke')
    .description('revoke the active worker key of that name; workers using it are refused at once')
    .argument('<name>', 'key name')
    .option('--json', 'print {key} as JSON')
    .action(async (name: string, opts: { json?: boolean }) => {
      await withDb(program, async (db) => {
        const key = await revokeWorkerKey(db, { name });
        if (opts.json) printJson({ key });
        info(`revoked worker key ${key.name}`);
      });
    });
}
