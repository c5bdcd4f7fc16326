/**
 * Running the configured transcriber (DESIGN section 7: `transcriberCommand`, for example
 * a whisper.cpp command line): a shell command line with `{input}` (the audio file) and
 * `{output}` (where to write, without extension). The placeholders become references to
 * the shell variables AUDIOLIB_INPUT and AUDIOLIB_OUTPUT, quoted for where they stand
 * (withShellVariables), so any path is safe, written bare or inside quotes.
 *
 * The result is the file `{output}` itself or `{output}.lrc|.srt|.vtt` (whisper.cpp's
 * `-of {output} -osrt` writes `{output}.srt`), read in any encoding and converted to LRC.
 * Node only.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { decodeText } from '../lyrics/decode.js';
import { sniffLyricFormat, toLrc } from '../lyrics/subtitles.js';

/** Checks a command line; returns an error message, or null when usable. */
export function transcriberCommandProblem(command: string): string | null {
  if (!command.trim()) return 'no transcriber command: set one with `audiolib config set transcriberCommand "whisper-cli -m MODEL -f {input} -osrt -of {output}"` or pass --command';
  if (!command.includes('{input}')) return 'the transcriber command has no {input} placeholder';
  if (!command.includes('{output}')) return 'the transcriber command has no {output} placeholder';
  return null;
}

const VARIABLES = { '{input}': 'AUDIOLIB_INPUT', '{output}': 'AUDIOLIB_OUTPUT' } as const;

/**
 * Replaces {input} and {output} with references to the shell variables, quoted for where
 * they stand: `"${AUDIOLIB_INPUT}"` outside quotes, `${AUDIOLIB_INPUT}` inside double
 * quotes, `'"${AUDIOLIB_INPUT}"'` inside single quotes. The value is never word-split nor
 * read as shell syntax, whatever characters the path has.
 */
export function withShellVariables(command: string): string {
  let out = '';
  let quote: '' | "'" | '"' = '';
  for (let i = 0; i < command.length; i++) {
    const ch = command[i]!;
    const placeholder = (Object.keys(VARIABLES) as (keyof typeof VARIABLES)[]).find((p) => command.startsWith(p, i));
    if (placeholder) {
      const ref = `\${${VARIABLES[placeholder]}}`;
      out += quote === '"' ? ref : quote === "'" ? `'"${ref}"'` : `"${ref}"`;
      i += placeholder.length - 1;
      continue;
    }
    if (ch === '\\' && quote !== "'" && i + 1 < command.length) {
      out += ch + command[++i];
      continue;
    }
    if ((ch === '"' || ch === "'") && (quote === '' || quote === ch)) quote = quote ? '' : ch;
    out += ch;
  }
  return out;
}

export interface TranscribeOptions {
  /** Aborting kills the transcriber (SIGTERM) and rejects with the abort reason. */
  signal?: AbortSignal;
  /** Each non-empty output line of the transcriber (stdout and stderr), for progress. */
  onLine?: (line: string) => void;
}

/** Finds the transcriber's output: `{output}` or `{output}.lrc|.srt|.vtt`, in that order. */
function findOutput(outputBase: string): { file: string; ext: string | null } | null {
  if (fs.existsSync(outputBase) && fs.statSync(outputBase).isFile()) return { file: outputBase, ext: null };
  for (const ext of ['lrc', 'srt', 'vtt']) {
    const file = `${outputBase}.${ext}`;
    if (fs.existsSync(file)) return { file, ext };
  }
  return null;
}

/**
 * Runs `command` on `input` and answers the LRC text.
 * The command runs in its own process group (aborting stops it and its children).
 * Rejects with Error: the command's exit code and last output lines when it fails, 'no
 * output' when it wrote none of the expected files, 'not a lyric' when the output is
 * neither LRC, SRT nor VTT; with the abort reason when `signal` aborts.
 */
export function transcribe(command: string, input: string, outputBase: string, opts: TranscribeOptions = {}): Promise<string> {
  const script = withShellVariables(command);
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(opts.signal.reason);
    const child = spawn('sh', ['-c', script], {
      env: { ...process.env, AUDIOLIB_INPUT: input, AUDIOLIB_OUTPUT: outputBase },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group: stopped as a whole, and a terminal Ctrl-C reaches only the worker
    });
    const tail: string[] = [];
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split(/\r\n|\r|\n/)) {
        const t = line.trim();
        if (!t) continue;
        tail.push(t);
        if (tail.length > 5) tail.shift();
        opts.onLine?.(t);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const onAbort = () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (err) => {
      opts.signal?.removeEventListener('abort', onAbort);
      reject(new Error(`transcriber could not start: ${err.message}`));
    });
    child.on('close', (code, sig) => {
      opts.signal?.removeEventListener('abort', onAbort);
      if (opts.signal?.aborted) return reject(opts.signal.reason);
      if (code !== 0) return reject(new Error(`transcriber failed (${sig ?? `exit code ${code}`})${tail.length ? ': ' + tail.join(' | ') : ''}`));
      const out = findOutput(outputBase);
      if (!out) return reject(new Error(`transcriber wrote no output (${outputBase}[.lrc|.srt|.vtt])`));
      const text = decodeText(fs.readFileSync(out.file));
      const format = out.ext ?? sniffLyricFormat(text);
      if (!format) return reject(new Error('transcriber output is not a lyric (lrc, srt or vtt)'));
      resolve(toLrc(text, format));
    });
  });
}
