/**
 * One error style for every command, as cron and SSH users read it: `audiolib: message`
 * on stderr (commander's usage errors included), a sentence naming the file or address
 * and the cause instead of a library's raw text, exit 2 for usage, configuration, data
 * directory and database errors; `audiolib help [COMMAND]`; with --json a refusal is one
 * JSON document `{"error", "code", "exit"}` on stdout and nothing else.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDataDir } from '../helpers/server.js';
import { binPath, runCli } from './run.js';

/** A TCP port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

describe('usage errors', () => {
  it.each([
    [['scan', '--bogus'], "unknown option '--bogus' (see audiolib help scan)"],
    [['user', 'list', '--bogus'], "unknown option '--bogus' (see audiolib help user)"],
    [['config', 'set', 'pageSize'], "missing required argument 'value' (see audiolib help config)"],
    [['serve', '--port'], "option '--port <n>' argument missing (see audiolib help serve)"],
    [['frobnicate'], "unknown command 'frobnicate' (see audiolib --help)"],
    [['help', 'frobnicate'], "unknown command 'frobnicate' (see audiolib --help)"],
  ])('audiolib %j: one line in the program style, exit 2', async (args, message) => {
    const r = await runCli(['--data-dir', tempDataDir(), ...args]);
    expect(r).toEqual({ code: 2, stdout: '', stderr: `audiolib: ${message}\n` });
  });

  it('with --json the refusal is one JSON document on stdout', async () => {
    for (const args of [['user', 'list', '--json', '--bogus'], ['config', 'get', '--json', 'set'], ['serve', '--json']]) {
      const r = await runCli(['--data-dir', tempDataDir(), ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(JSON.parse(r.stdout), args.join(' ')).toEqual({ error: expect.any(String), code: expect.stringMatching(/^(usage|config)$/), exit: 2 });
      expect(r.stdout.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('audiolib help', () => {
  it('prints the usage of the program, or of a command, on stdout (exit 0)', async () => {
    const all = await runCli(['help']);
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/^Usage: audiolib \[options\] \[command\]/);
    expect(all.stdout).toMatch(/^\s+help \[command\]/m);
    const scan = await runCli(['help', 'scan']);
    expect(scan.code).toBe(0);
    expect(scan.stdout).toMatch(/^Usage: audiolib scan \[options\] \[dir\.\.\.\]/);
    expect(scan.stdout).toContain('--allow-mass-removal');
    const set = await runCli(['config', 'help', 'set']);
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/^Usage: audiolib config set \[options\] <key> <value>/);
  });
});

describe('data directory and database errors', () => {
  it('a data directory that cannot be created fails at once with exit 2', async () => {
    // killed after 10 s: a process that spins must not outlive the test
    const r = spawnSync(process.execPath, [binPath, '--data-dir', '/proc/nope', 'scan', '/tmp'], { encoding: 'utf8', timeout: 10_000, killSignal: 'SIGKILL' });
    expect(r.signal).toBeNull();
    expect({ code: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({ code: 2, stdout: '', stderr: 'audiolib: cannot create the data directory /proc/nope: /proc does not take new folders\n' });
    const file = path.join(tempDataDir(), 'a-file');
    fs.writeFileSync(file, 'x');
    const under = await runCli(['--data-dir', path.join(file, 'data'), 'user', 'list']);
    expect(under.code).toBe(2);
    expect(under.stderr).toBe(`audiolib: cannot create the data directory ${path.join(file, 'data')}: a part of the path is not a folder\n`);
  });

  it('a database that cannot be opened names the file and the cause, exit 2', async () => {
    const data = tempDataDir();
    const missing = await runCli(['--data-dir', data, '--db', '/nonexistent/dir/lib.sqlite3', 'user', 'list']);
    expect(missing).toEqual({ code: 2, stdout: '', stderr: 'audiolib: cannot open the database /nonexistent/dir/lib.sqlite3: the folder /nonexistent/dir does not exist\n' });
    const notDb = path.join(data, 'notes.txt');
    fs.writeFileSync(notDb, 'these are not the tables you are looking for\n'.repeat(100));
    const json = await runCli(['--data-dir', data, '--db', notDb, 'user', 'list', '--json']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toEqual({ error: `cannot open the database ${notDb}: it is not a SQLite database`, code: 'config', exit: 2 });
    expect(json.stderr).not.toMatch(/SQLITE_|Acquire connection/);
  });
});

describe('network errors', () => {
  it('translate names the server address and the cause when it cannot reach it', async () => {
    const port = await closedPort();
    const r = await runCli(['--data-dir', tempDataDir(), 'translate', '--server', `http://127.0.0.1:${port}`, '--user', 'worker1', '--once', '--command', 'true {input} {output}'], undefined, { AUDIOLIB_PASSWORD: 'x' });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`audiolib: cannot reach http://127.0.0.1:${port}: connection refused\n`);
  });
});
