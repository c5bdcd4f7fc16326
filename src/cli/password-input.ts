/**
 * Reading a password for `audiolib user` (DESIGN section 1: never from argv):
 * on a terminal, a prompt on stderr with echo off; otherwise the first line of stdin.
 */
import { CliError } from './output.js';

/** Reads one line from a terminal in raw mode without echoing it. Ctrl-C/Ctrl-D abort (exit 2). */
function promptHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  stdin.setRawMode(true); // echo off before the prompt shows, so nothing typed early is echoed
  process.stderr.write(prompt);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let text = '';
    const done = (err?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      if (err) reject(err);
      else resolve(text);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003' || ch === '\u0004') return done(new CliError('aborted'));
        if (ch === '\u007f' || ch === '\b') text = text.slice(0, -1);
        else if (ch >= ' ') text += ch;
      }
    };
    stdin.on('data', onData);
  });
}

/** Reads stdin to its end and returns its first line (without the line ending). */
async function firstLineOfStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

/**
 * Returns a new password: on a TTY asked twice (throws CliError 'the two
 * passwords do not match' when they differ), else the first line of stdin.
 */
export async function readNewPassword(): Promise<string> {
  if (!process.stdin.isTTY) return firstLineOfStdin();
  const first = await promptHidden('new password: ');
  const again = await promptHidden('repeat the password: ');
  if (first !== again) throw new CliError('the two passwords do not match');
  return first;
}

/** Returns an existing password (a login): on a TTY asked once with echo off, else the first line of stdin. */
export async function readPassword(prompt = 'password: '): Promise<string> {
  if (!process.stdin.isTTY) return firstLineOfStdin();
  return promptHidden(prompt);
}
