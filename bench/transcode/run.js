/**
 * Transcoding at /rest (src/transcode/README.md): what one transcoded stream costs and how
 * soon it starts.
 *
 *   npm run build:server && node bench/transcode/run.js [--minutes 10] [--runs 3] [--parallel 8]
 *
 * Makes a MINUTES long stereo WAV (44.1 kHz, 16 bit: 1,411 kbit/s, as voice works are
 * often stored) with ffmpeg in a temporary library, scans it, and serves it in this
 * process (the real server on a free port, SQLite). Then, through `stream` with an API key:
 * - for each format and bit rate, RUNS whole streams: time to first byte, wall time, the
 *   CPU seconds of ffmpeg (the children's user + system time from /proc/self/stat, counted
 *   once each process is reaped) and of the server (process.cpuUsage), and the bytes;
 * - time to first byte from `timeOffset` (the middle of the track);
 * - PARALLEL streams at once with `transcodeConcurrency` 4: the first bytes of the first
 *   four and of the queued ones, and the wall time of all.
 * Prints one table; figures are medians of the runs.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openServices } from '../../dist/server/services.js';
import { startServer, stopServer } from '../../dist/server/app.js';
import { scanLibrary } from '../../dist/library/scan.js';
import { createApiKey, ensureAdmin } from '../../dist/users/index.js';
import { saveConfig, loadConfig } from '../../dist/config/index.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return Number(i > 0 ? process.argv[i + 1] : fallback);
};
const minutes = arg('--minutes', 10);
const runs = arg('--runs', 3);
const parallel = arg('--parallel', 8);
const seconds = minutes * 60;

/** Clock ticks a second of /proc's times (USER_HZ: 100 on Linux). */
const HZ = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
/** CPU seconds of this process's reaped children (cutime + cstime of /proc/self/stat). */
function childrenCpu() {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / HZ;
}
const serverCpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-bench-transcode-'));
const library = path.join(dir, 'library');
const work = path.join(library, 'RJ01066666 bench');
fs.mkdirSync(work, { recursive: true });
process.stderr.write(`making a ${minutes} min WAV...\n`);
execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `anoisesrc=color=pink:amplitude=0.2:duration=${seconds}:sample_rate=44100`,
  '-af', 'volume=0.5', '-ac', '2', '-y', path.join(work, 'track.wav')]);
const dataDir = path.join(dir, 'data');
fs.mkdirSync(dataDir);
saveConfig(dataDir, { ...loadConfig(dataDir), fetchMetadata: false, transcodeConcurrency: 4 });
const services = await openServices(dataDir);
await ensureAdmin(services.db, 'bench-admin-password');
await scanLibrary(services.db, { roots: [{ name: 'library', path: library }], maxDepth: 2 });
const { key } = await createApiKey(services.db, 'admin', 'bench');
const file = await services.db('files').where({ work_id: 1066666, type: 'audio' }).first('id');
const server = await startServer(services, 0, '127.0.0.1');
const base = `http://127.0.0.1:${server.address().port}/rest/stream`;
const url = (params) => `${base}?${new URLSearchParams({ apiKey: key, c: 'bench', v: '1.16.1', id: `tr-1066666-${file.id}`, ...params })}`;

/** One whole stream: ms to the first byte, ms in all, bytes. */
async function stream(params) {
  const start = performance.now();
  const res = await fetch(url(params));
  const reader = res.body.getReader();
  let first = null;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    first ??= performance.now() - start;
    bytes += value.length;
  }
  return { first, wall: performance.now() - start, bytes, type: res.headers.get('content-type') };
}

/** Time to the first byte, then the stream cancelled. */
async function firstByte(params) {
  const start = performance.now();
  const res = await fetch(url(params));
  const reader = res.body.getReader();
  await reader.read();
  const ms = performance.now() - start;
  await reader.cancel();
  return ms;
}

const rows = [];
for (const [format, rate] of [['mp3', 320], ['mp3', 128], ['mp3', 64], ['opus', 96], ['opus', 64], ['aac', 128]]) {
  const taken = [];
  for (let r = 0; r < runs; r++) {
    const [c0, s0] = [childrenCpu(), serverCpu()];
    const one = await stream({ format, maxBitRate: String(rate) });
    await new Promise((res) => setTimeout(res, 100)); // the process reaped
    taken.push({ ...one, ffmpeg: childrenCpu() - c0, server: serverCpu() - s0 });
  }
  const offsetFirst = [];
  for (let r = 0; r < runs; r++) offsetFirst.push(await firstByte({ format, maxBitRate: String(rate), timeOffset: String(seconds / 2) }));
  rows.push({
    stream: `${format} ${rate}`,
    'first byte ms': median(taken.map((t) => t.first)).toFixed(0),
    'first byte from the middle ms': median(offsetFirst).toFixed(0),
    'ffmpeg CPU s': median(taken.map((t) => t.ffmpeg)).toFixed(2),
    'ffmpeg CPU s per audio hour': ((median(taken.map((t) => t.ffmpeg)) * 3600) / seconds).toFixed(1),
    'server CPU s': median(taken.map((t) => t.server)).toFixed(2),
    'wall s': (median(taken.map((t) => t.wall)) / 1000).toFixed(2),
    'x real time': (seconds / (median(taken.map((t) => t.wall)) / 1000)).toFixed(0),
    MB: (median(taken.map((t) => t.bytes)) / 1e6).toFixed(1),
  });
}
const raw = await stream({});
rows.push({ stream: 'as stored (WAV)', 'first byte ms': raw.first.toFixed(0), 'wall s': (raw.wall / 1000).toFixed(2), MB: (raw.bytes / 1e6).toFixed(1) });
console.table(rows);

// PARALLEL streams at once, 4 transcodes at a time: first bytes and wall time
const start = performance.now();
const all = await Promise.all(Array.from({ length: parallel }, () => stream({ format: 'mp3', maxBitRate: '128' })));
const firsts = all.map((s) => s.first).sort((a, b) => a - b);
console.log(`${parallel} mp3 128 streams at once (transcodeConcurrency 4): first bytes ${firsts.map((f) => f.toFixed(0)).join(', ')} ms; all done in ${((performance.now() - start) / 1000).toFixed(1)} s`);

await stopServer(server);
await services.db.destroy();
fs.rmSync(dir, { recursive: true, force: true });
