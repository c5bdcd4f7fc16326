/** Runs the built CLI (`node bin/audiolib.js ...`) as a user would: args, stdin text, exit code and output. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const binPath = path.resolve(import.meta.dirname, '..', '..', 'bin', 'audiolib.js');

export interface CliResult { code: number | null; stdout: string; stderr: string }

/** Runs audiolib with `args`; `input` (if any) is written to stdin, which is then closed. */
export function runCli(args: string[], input?: string, env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binPath, ...args], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

export interface RunningServe { url: string; child: ChildProcess; stderr: () => string; stop(): Promise<void> }

/** Starts `audiolib serve` with a free port on `host` (default 127.0.0.1; null: no --host) and waits for its "serving" line. */
export function startServe(dataDir: string, adminPassword: string, host: string | null = '127.0.0.1'): Promise<RunningServe> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binPath, '--data-dir', dataDir, 'serve', '--port', '0', ...(host === null ? [] : ['--host', host])], {
      env: { ...process.env, AUDIOLIB_ADMIN_PASSWORD: adminPassword }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stdout.resume();
    child.stderr.on('data', (d) => {
      err += d;
      const m = /serving .* on (http:\/\/\S+:\d+)/.exec(err);
      if (m) resolve({
        url: m[1]!.replace('localhost', '127.0.0.1'),
        child,
        stderr: () => err,
        stop: () => new Promise((r) => { child.once('exit', () => r()); child.kill('SIGTERM'); }),
      });
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${err}`)));
  });
}
