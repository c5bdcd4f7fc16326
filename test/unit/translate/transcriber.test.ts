import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { transcribe, transcriberCommandProblem, withShellVariables } from '../../../src/translate/transcriber.js';
import { fixturesDir } from '../../helpers/server.js';
import { fixture } from '../lyrics/fixtures.js';

const fake = path.join(fixturesDir, 'transcriber', 'fake-transcriber.mjs');
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'transcriber-'));

describe('transcriberCommandProblem', () => {
  it('names what is missing', () => {
    expect(transcriberCommandProblem('')).toMatch(/no transcriber command.*transcriberCommand/);
    expect(transcriberCommandProblem('whisper -of {output}')).toMatch(/\{input\}/);
    expect(transcriberCommandProblem('whisper -f {input}')).toMatch(/\{output\}/);
    expect(transcriberCommandProblem('whisper -f {input} -of {output}')).toBeNull();
  });
});

describe('transcribe', () => {
  it('passes paths with spaces, quotes and Japanese safely, bare or double-quoted, and converts {output}.srt', async () => {
    const dir = tmp();
    const input = path.join(dir, "it's 雨 音.mp3");
    fs.copyFileSync(fixture('03_おやすみ.mp3'), input);
    const lines: string[] = [];
    const bare = await transcribe(`node ${fake} {input} {output}`, input, path.join(dir, 'out a'), { onLine: (l) => lines.push(l) });
    expect(bare).toBe(`[00:00.00]it's 雨 音: ${fs.statSync(input).size} bytes\n[00:01.50]おやすみなさい\n[00:03.00]\n`);
    expect(lines).toEqual(['progress = 10%', 'progress = 100%']);
    const quoted = await transcribe(`node "${fake}" "{input}" "{output}"`, input, path.join(dir, 'out b'));
    expect(quoted).toBe(bare);
  });

  it('reads an output without extension by its content (WebVTT here)', async () => {
    const dir = tmp();
    const lrc = await transcribe('cat {input} > {output}', fixture('02_耳かき.vtt'), path.join(dir, 'result'));
    expect(lrc).toBe('[00:00.00]右の耳から、\n[00:01.50]耳かきをしていきますね。\n[00:04.00]\n');
  });

  it('fails with the exit code and the last output lines, or when nothing was written or it is not a lyric', async () => {
    const dir = tmp();
    await expect(transcribe('echo model missing >&2; exit 3; : {input} {output}', '/dev/null', path.join(dir, 'x'))).rejects.toThrow(/exit code 3.*model missing/);
    await expect(transcribe('true {input} {output}', '/dev/null', path.join(dir, 'y'))).rejects.toThrow(/wrote no output/);
    await expect(transcribe('echo hello > {output}; : {input}', '/dev/null', path.join(dir, 'z'))).rejects.toThrow(/not a lyric/);
  });

  it('stops the transcriber and its children when aborted', async () => {
    const dir = tmp();
    const pidFile = path.join(dir, 'pid');
    const ctrl = new AbortController();
    const run = transcribe(`sh -c 'echo $$ > ${pidFile}; echo started; exec sleep 60' ; : {input} {output}`, '/dev/null', path.join(dir, 'o'), {
      signal: ctrl.signal,
      onLine: (l) => { if (l === 'started') ctrl.abort(new Error('stop now')); },
    });
    await expect(run).rejects.toThrow('stop now');
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    let alive = true;
    for (let i = 0; i < 50 && alive; i++) {
      try {
        process.kill(pid, 0);
        await new Promise((r) => setTimeout(r, 50));
      } catch {
        alive = false;
      }
    }
    expect(alive).toBe(false);
  });
});

describe('withShellVariables', () => {
  it('quotes each placeholder for where it stands', () => {
    expect(withShellVariables('w -f {input} -of {output}')).toBe('w -f "${AUDIOLIB_INPUT}" -of "${AUDIOLIB_OUTPUT}"');
    expect(withShellVariables('w "--file={input}" \'{output}\'')).toBe('w "--file=${AUDIOLIB_INPUT}" \'\'"${AUDIOLIB_OUTPUT}"\'\'');
    expect(withShellVariables('echo "a \\" {input}"')).toBe('echo "a \\" ${AUDIOLIB_INPUT}"');
  });
  it('runs with single-quoted and embedded placeholders too', async () => {
    const dir = tmp();
    const input = path.join(dir, 'a "b" $c.vtt');
    fs.copyFileSync(fixture('02_耳かき.vtt'), input);
    const lrc = await transcribe("cat '{input}' > \"{output}.vtt\"", input, path.join(dir, "o' p"));
    expect(lrc).toContain('[00:01.50]耳かきをしていきますね。');
  });
});
