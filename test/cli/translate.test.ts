import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LyricTask } from '../../src/model/index.js';
import { matchLyricTask, TaskStatus } from '../../src/lyrics/index.js';
import { ADMIN_PASSWORD, fixturesDir, tempDataDir } from '../helpers/server.js';
import { RJ01012345, startLyricFixture, USER, type LyricFixture } from '../api/lyric-fixture.js';

const repo = path.resolve(import.meta.dirname, '..', '..');
const transcriber = path.join(fixturesDir, 'transcriber', 'fake-transcriber.mjs');
const COMMAND = `node ${transcriber} {input} {output}`;

const { AUDIOLIB_PASSWORD: _ignored, AUDIOLIB_WORKER_KEY: _key, ...withoutPassword } = process.env;

interface Run { code: number | null; stdout: string; stderr: string }

/** Starts `audiolib ARGS`; `done` resolves with the exit code and output. */
function start(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [path.join(repo, 'bin', 'audiolib.js'), ...args], {
    cwd: repo,
    env: { ...withoutPassword, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => { stdout += d; });
  child.stderr.on('data', (d) => { stderr += d; });
  child.stdin.end();
  const done = new Promise<Run>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}
const run = (args: string[], env: Record<string, string> = {}) => start(args, env).done;

let fx: LyricFixture;
let workerDir: string;
/** A file holding the fixture's worker key (mode 0600), as `audiolib translate-key add --out` writes it. */
let keyFile: string;
beforeAll(async () => {
  fx = await startLyricFixture();
  workerDir = tempDataDir('audiolib-worker-');
  keyFile = path.join(workerDir, 'worker.key');
  fs.writeFileSync(keyFile, `${fx.tokens.worker}\n`, { mode: 0o600 });
}, 120_000);
afterAll(async () => { await fx?.srv.close(); });
beforeEach(async () => { await fx.srv.services.db('lyric_tasks').delete(); });

const createTask = async (relpath: string) => {
  const hash = `${RJ01012345}/${await fx.fileId(RJ01012345, relpath)}`;
  const res = await fx.call(fx.tokens.user, 'POST', '/api/lyric/translate', { hash });
  expect(res.status).toBe(201);
  return res.body.task as LyricTask;
};
const taskNow = async (id: number) => {
  const res = await fx.call(fx.tokens.user, 'GET', `/api/lyric/translate/work/${RJ01012345}`);
  return (res.body.tasks as LyricTask[]).find((t) => t.id === id)!;
};
const serverArgs = (...more: string[]) => ['--data-dir', workerDir, 'translate', '--server', fx.srv.url, '--key-file', keyFile, ...more];
const asAdmin = (...more: string[]) => ['--data-dir', workerDir, 'translate', '--server', fx.srv.url, '--user', 'admin', ...more];

describe('audiolib translate', () => {
  it('exits 2 with a clear message when no transcriber command is configured', async () => {
    const r = await run(['--data-dir', tempDataDir(), 'translate', '--once']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no transcriber command');
    expect(r.stderr).toContain('transcriberCommand');
  });

  it('--once against the server: the task succeeds, its LRC is served and found by the player lookup (stage 1 and 2)', async () => {
    const task = await createTask('01_プロローグ.mp3');
    const r = await run(serverArgs('--once', '--name', 'test-worker', '--command', COMMAND));
    expect(r.stderr).toContain(`#${task.id} RJ01012345 01_プロローグ.mp3: success`);
    expect(r.code).toBe(0);

    const after = await taskNow(task.id);
    expect(after).toMatchObject({ status: TaskStatus.SUCCESS, worker_name: 'test-worker' });
    const lrc = await fx.call(fx.tokens.user, 'GET', `/api/lyric/translate/lrc?id=${task.id}`);
    expect(lrc.status).toBe(200);
    // the transcriber got the real audio bytes through the media stream, and its SRT became LRC
    expect(lrc.body.lrcContent).toBe('[00:00.00]01_プロローグ: 71156 bytes\n[00:01.50]おやすみなさい\n[00:03.00]\n');

    const { tasks } = (await fx.call(fx.tokens.user, 'GET', `/api/lyric/translate/work/${RJ01012345}`)).body as { tasks: LyricTask[] };
    expect(matchLyricTask('01_プロローグ.mp3', tasks)).toEqual({ task: expect.objectContaining({ id: task.id }), loose: false });
    expect(matchLyricTask('01_プロローグ_SEなし.flac', tasks)).toEqual({ task: expect.objectContaining({ id: task.id }), loose: true });
    expect(matchLyricTask('02_耳かき.mp3', tasks)).toBeNull();
  });

  it('--once from the config key transcriberCommand, on the local data directory', async () => {
    const task = await createTask('02_耳かき.mp3');
    const set = await run(['--data-dir', fx.srv.dataDir, 'config', 'set', 'transcriberCommand', COMMAND]);
    expect(set.code).toBe(0);
    const r = await run(['--data-dir', fx.srv.dataDir, 'translate', '--once', '--name', 'local-worker', '--json']);
    expect(r.code).toBe(0);
    // --json: JSON lines on stdout, each status line an object, the counts last; nothing on stderr
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const head = { task: task.id, work: 'RJ01012345', file: '02_耳かき.mp3' };
    expect(lines).toEqual([
      { event: 'step', ...head, step: 'downloading audio' },
      { event: 'step', ...head, step: 'transcribing' },
      { event: 'done', ...head, outcome: 'success', detail: expect.stringMatching(/^\d+ lines$/) },
      { event: 'summary', success: 1, error: 0, lost: 0, released: 0 },
    ]);
    expect(r.stderr).toBe('');
    expect(await taskNow(task.id)).toMatchObject({ status: TaskStatus.SUCCESS, worker_name: 'local-worker' });
    const lrc = await fx.call(fx.tokens.user, 'GET', `/api/lyric/translate/lrc?id=${task.id}`);
    expect(lrc.body.lrcContent).toContain('[00:00.00]02_耳かき: 39592 bytes');
  });

  it('shows a spinner with the task and its progress on a terminal', async () => {
    const task = await createTask('03_おやすみ.mp3');
    const quote = (a: string) => `'${a.replace(/'/g, `'\\''`)}'`;
    const cli = [process.execPath, path.join(repo, 'bin', 'audiolib.js'), ...serverArgs('--once', '--command', COMMAND)].map(quote).join(' ');
    // script(1) gives the worker a pseudo-terminal; stty gives it a width; a person's
    // terminal has no CI variable (with it, ora draws no spinner)
    const { CI: _ci, ...terminalEnv }: NodeJS.ProcessEnv = withoutPassword;
    const r = await new Promise<Run>((resolve) => {
      const child = spawn('script', ['-qec', `stty cols 100; ${cli}`, '/dev/null'], { cwd: repo, env: terminalEnv });
      let stdout = '';
      child.stdout.on('data', (d) => { stdout += d; });
      child.on('close', (code) => resolve({ code, stdout, stderr: '' }));
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('\u001b[?25l'); // the spinner hides the cursor while it runs
    const screen = stripVTControlCharacters(r.stdout);
    expect(screen).toContain(`#${task.id} RJ01012345 03_おやすみ.mp3: transcribing`);
    expect(screen).toContain(`✔ #${task.id} RJ01012345 03_おやすみ.mp3: success`);
    expect((await taskNow(task.id)).status).toBe(TaskStatus.SUCCESS);
  });

  it('--once with nothing pending exits 0', async () => {
    const r = await run(serverArgs('--once', '--command', COMMAND));
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('no pending lyric task');
    const json = await run(serverArgs('--once', '--command', COMMAND, '--json'));
    expect(json.stdout.trim().split('\n').map((l) => JSON.parse(l))).toEqual([{ event: 'note', message: 'no pending lyric task' }, { event: 'summary', success: 0, error: 0, lost: 0, released: 0 }]);
  });

  it('a failing transcriber marks the task error with its message and exits 1', async () => {
    const task = await createTask('03_おやすみ.mp3');
    const r = await run(serverArgs('--once', '--command', COMMAND), { FAKE_TRANSCRIBER_FAIL: '1' });
    expect(r.code).toBe(1);
    const after = await taskNow(task.id);
    expect(after.status).toBe(TaskStatus.ERROR);
    expect(after.worker_status).toContain('exit code 3');
    expect(after.worker_status).toContain('failed to load model');
  });

  it('Ctrl-C while transcribing puts the task back to pending', async () => {
    const task = await createTask('03_おやすみ.mp3');
    const worker = start(serverArgs('--command', COMMAND, '--name', 'interrupted'), { FAKE_TRANSCRIBER_WAIT: '1' });
    // wait until the centre shows the worker transcribing (the heartbeat carries the transcriber's line)
    let seen = await taskNow(task.id);
    for (let i = 0; i < 200 && !(seen.status === TaskStatus.TRANSCRIBING && seen.worker_status === 'transcribing'); i++) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await taskNow(task.id);
    }
    expect(seen).toMatchObject({ status: TaskStatus.TRANSCRIBING, worker_name: 'interrupted' });
    worker.child.kill('SIGINT');
    const r = await worker.done;
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('released');
    expect(await taskNow(task.id)).toMatchObject({ status: TaskStatus.PENDING, worker_name: null });
  });

  it('works with the key in AUDIOLIB_WORKER_KEY, or signed in as the admin', async () => {
    const a = await createTask('01_プロローグ.mp3');
    const byEnv = await run(['--data-dir', workerDir, 'translate', '--server', fx.srv.url, '--once', '--command', COMMAND], { AUDIOLIB_WORKER_KEY: fx.tokens.worker });
    expect(byEnv.code).toBe(0);
    expect(await taskNow(a.id)).toMatchObject({ status: TaskStatus.SUCCESS });
    const b = await createTask('02_耳かき.mp3');
    const byAdmin = await run(asAdmin('--once', '--command', COMMAND), { AUDIOLIB_PASSWORD: ADMIN_PASSWORD });
    expect(byAdmin.code).toBe(0);
    expect(await taskNow(b.id)).toMatchObject({ status: TaskStatus.SUCCESS });
  });

  it('a listener is refused (exit 2) and the task stays pending', async () => {
    const task = await createTask('01_プロローグ.mp3');
    const r = await run(['--data-dir', workerDir, 'translate', '--server', fx.srv.url, '--user', USER.name, '--command', COMMAND], { AUDIOLIB_PASSWORD: USER.password });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('lyric workers only');
    expect(await taskNow(task.id)).toMatchObject({ status: TaskStatus.PENDING, worker_name: null });
  });

  it('a wrong password, missing credentials, an empty or missing key file are usage errors (exit 2)', async () => {
    expect((await run(asAdmin('--once', '--command', COMMAND), { AUDIOLIB_PASSWORD: 'wrong-password' })).code).toBe(2);
    const json = await run(asAdmin('--once', '--command', COMMAND, '--json'), { AUDIOLIB_PASSWORD: 'wrong-password' });
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toEqual({ error: expect.stringMatching(/^login to .* failed/), code: 'usage', exit: 2 });
    const none = await run(['--data-dir', workerDir, 'translate', '--server', fx.srv.url, '--once', '--command', COMMAND]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--key-file');
    const empty = path.join(workerDir, 'empty.key');
    fs.writeFileSync(empty, '\n', { mode: 0o600 });
    expect((await run(['--data-dir', workerDir, 'translate', '--server', fx.srv.url, '--key-file', empty, '--once', '--command', COMMAND])).stderr).toContain('holds no worker key');
    const missing = await run(['--data-dir', workerDir, 'translate', '--server', fx.srv.url, '--key-file', path.join(workerDir, 'nope.key'), '--once', '--command', COMMAND]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read --key-file');
    // a key others may read still works, with a warning
    const open = path.join(workerDir, 'open.key');
    fs.writeFileSync(open, `${fx.tokens.worker}\n`);
    fs.chmodSync(open, 0o644);
    const warned = await run(['--data-dir', workerDir, 'translate', '--server', fx.srv.url, '--key-file', open, '--once', '--command', COMMAND]);
    expect(warned.code).toBe(0);
    expect(warned.stderr).toContain(`warning: ${open} can be read by other users (chmod 600 ${open})`);
  });
});

describe('audiolib translate-key', () => {
  const keyCli = (...args: string[]) => run(['--data-dir', fx.srv.dataDir, 'translate-key', ...args]);

  it('adds a key the worker then uses, lists it, revokes it: the running server refuses it at once', async () => {
    const out = path.join(workerDir, 'cli.key');
    const added = await keyCli('add', 'cli-box', '--out', out, '--json');
    expect(added.code).toBe(0);
    expect(JSON.parse(added.stdout)).toEqual({ key: expect.objectContaining({ name: 'cli-box', revoked: false, last_used_at: null }), file: out });
    expect(added.stderr).toContain('not shown again');
    expect(fs.statSync(out).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(out, 'utf8')).toMatch(/^alw_[\w-]{43}\n$/);
    expect((await keyCli('add', 'other', '--out', out)).stderr).toContain('exists');

    const task = await createTask('03_おやすみ.mp3');
    const worked = await run(['--data-dir', workerDir, 'translate', '--server', fx.srv.url, '--key-file', out, '--once', '--name', 'cli-box', '--command', COMMAND]);
    expect(worked.code).toBe(0);
    expect(await taskNow(task.id)).toMatchObject({ status: TaskStatus.SUCCESS, worker_name: 'cli-box' });

    const listed = await keyCli('list', '--json');
    const mine = (JSON.parse(listed.stdout).keys as { name: string; last_used_at: string | null; revoked: boolean }[]).find((k) => k.name === 'cli-box')!;
    expect(mine.revoked).toBe(false);
    expect(mine.last_used_at).not.toBeNull();
    expect((await keyCli('list')).stdout).toMatch(/^NAME +CREATED +LAST USED +STATE\n(.*\n)*cli-box +\S+ +\S+ +active\n/);

    const revoked = await keyCli('revoke', 'cli-box');
    expect(revoked.code).toBe(0);
    expect(revoked.stderr).toContain('revoked worker key cli-box');
    expect((await keyCli('list')).stdout).toMatch(/cli-box +\S+ +\S+ +revoked/);
    expect((await keyCli('revoke', 'cli-box')).code).toBe(2);

    // not --once: a refused key stops the worker instead of retrying forever
    const again = await createTask('01_プロローグ.mp3');
    const refused = await run(['--data-dir', workerDir, 'translate', '--server', fx.srv.url, '--key-file', out, '--poll', '0.2', '--command', COMMAND]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('unknown or revoked worker key');
    expect(await taskNow(again.id)).toMatchObject({ status: TaskStatus.PENDING });
  });

  it('add prints the key once on stdout; a bad or repeated name exits 2', async () => {
    const added = await keyCli('add', 'stdout-box');
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/^alw_[\w-]{43}\n$/);
    expect((await keyCli('list', '--json')).stdout).not.toContain(added.stdout.trim());
    const twice = await keyCli('add', 'stdout-box');
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('revoke it first');
    expect((await keyCli('add', ' ')).code).toBe(2);
  });
});
