/**
 * Transcoding at /rest (src/transcode/README.md) on real files made with ffmpeg, measured
 * with ffprobe: `stream` with `maxBitRate` and `format` (mp3, opus, aac; raw as stored; a
 * file at or under the rate as stored), `timeOffset` (the OpenSubsonic `transcodeOffset`
 * extension, advertised), `estimateContentLength`; a player's defaults (its client name
 * `c`) set on /players; ffmpeg gone once the client disconnects, waiting streams queued
 * behind `transcodeConcurrency`; bad values answered with Subsonic errors. Through the
 * `subsonic-api` client and plain requests, on the engine of the run.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RJ265946, startSubsonicFixture, type SubsonicFixture } from './fixture.js';
import { ffmpegPids, makeTone, probe, until } from '../../helpers/audio.js';
import { setPlayerTranscode } from '../../../src/users/index.js';

/** The work the test adds: a 60 s tone as WAV (1411 kbit/s), MP3 at 320 and at 128 kbit/s. */
const WORK = 1099999;
const FOLDER = 'RJ01099999 transcode';
const SECONDS = 60;
let fx: SubsonicFixture;
const ids: Record<'wav' | 'mp3hi' | 'mp3lo' | 'long', string> = { wav: '', mp3hi: '', mp3lo: '', long: '' };
let wavBytes: Buffer;
let longPath: string;

beforeAll(async () => {
  fx = await startSubsonicFixture({
    prepare(library) {
      const dir = path.join(library, FOLDER);
      makeTone(path.join(dir, 'tone.wav'), SECONDS);
      makeTone(path.join(dir, 'tone320.mp3'), SECONDS, ['-b:a', '320k']);
      makeTone(path.join(dir, 'tone128.mp3'), SECONDS, ['-b:a', '128k']);
    },
  });
  ids.wav = `tr-${WORK}-${await fx.fileId(WORK, 'tone.wav')}`;
  ids.mp3hi = `tr-${WORK}-${await fx.fileId(WORK, 'tone320.mp3')}`;
  ids.mp3lo = `tr-${WORK}-${await fx.fileId(WORK, 'tone128.mp3')}`;
  ids.long = `tr-${RJ265946}-${await fx.fileId(RJ265946, 'long tone 10min.mp3')}`;
  wavBytes = fs.readFileSync(path.join(await fx.workDir(WORK), 'tone.wav'));
  longPath = path.join(await fx.workDir(RJ265946), 'long tone 10min.mp3');
}, 60_000);
afterAll(async () => { await fx?.close(); });

const stream = (params: Record<string, string>) => fetch(`${fx.srv.url}/rest/stream?${new URLSearchParams({ ...fx.keyParams, ...params })}`);
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('stream transcodes', () => {
  it.each([
    ['mp3', 64, 'audio/mpeg', 'mp3'],
    ['opus', 96, 'audio/ogg', 'opus'],
    ['aac', 128, 'audio/aac', 'aac'],
  ] as const)('a WAV to %s at %i kbit/s: the output has that codec, rate and the whole duration', async (format, rate, type, codec) => {
    const res = await fx.client('token').stream({ id: ids.wav, maxBitRate: rate, format: format as 'mp3' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('accept-ranges')).toBe('none');
    const body = await bytes(res);
    const probed = probe(body);
    expect(probed.codec).toBe(codec);
    expect(probed.duration).toBeGreaterThan(SECONDS - 1);
    expect(probed.duration).toBeLessThan(SECONDS + 1);
    // the bytes over the duration: the asked rate, never the WAV's 1411 kbit/s
    expect((body.length * 8) / SECONDS / 1000).toBeGreaterThan(rate * 0.8);
    expect((body.length * 8) / SECONDS / 1000).toBeLessThan(rate * 1.2);
    expect(body.length).toBeLessThan(wavBytes.length / 8);
  });

  it('maxBitRate alone gives MP3 at that rate; format=raw sends the file as stored whatever the rate', async () => {
    const mp3 = await stream({ id: ids.wav, maxBitRate: '64' });
    expect(mp3.headers.get('content-type')).toBe('audio/mpeg');
    const probed = probe(await bytes(mp3));
    expect(probed.codec).toBe('mp3');
    expect(Math.round(probed.bitRate / 1000)).toBe(64);
    const raw = await fx.client('token').stream({ id: ids.wav, maxBitRate: 64, format: 'raw' });
    expect(raw.headers.get('content-type')).toBe('audio/wav');
    expect((await bytes(raw)).equals(wavBytes)).toBe(true);
  });

  it('sends a file already at or under the rate as stored (Range included), and transcodes it above', async () => {
    const stored = fs.readFileSync(path.join(await fx.workDir(WORK), 'tone128.mp3'));
    for (const params of [{ maxBitRate: '128' }, { maxBitRate: '192', format: 'mp3' }, { format: 'mp3' }] as Record<string, string>[]) {
      const res = await stream({ id: ids.mp3lo, ...params });
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect((await bytes(res)).equals(stored)).toBe(true);
    }
    const lower = await stream({ id: ids.mp3lo, maxBitRate: '64' });
    expect(lower.headers.get('accept-ranges')).toBe('none');
    expect(Math.round(probe(await bytes(lower)).bitRate / 1000)).toBe(64);
    const hi = await stream({ id: ids.mp3hi, maxBitRate: '128', format: 'mp3' });
    expect(Math.round(probe(await bytes(hi)).bitRate / 1000)).toBe(128);
  });

  it('starts at timeOffset seconds; transcodeOffset is advertised', async () => {
    const res = await fx.client('token').stream({ id: ids.wav, maxBitRate: 64, format: 'mp3', timeOffset: 45 });
    const probed = probe(await bytes(res));
    expect(probed.duration).toBeGreaterThan(14);
    expect(probed.duration).toBeLessThan(16);
    const ext = await fx.client('token').getOpenSubsonicExtensions();
    expect(ext.openSubsonicExtensions).toContainEqual({ name: 'transcodeOffset', versions: [1] });
  });

  it('answers an estimated Content-Length and exactly that many bytes with estimateContentLength', async () => {
    const res = await stream({ id: ids.wav, maxBitRate: '64', format: 'mp3', estimateContentLength: 'true', timeOffset: '30' });
    const expected = Math.ceil((64_000 * (SECONDS - 30)) / 8);
    expect(res.headers.get('content-length')).toBe(String(expected));
    const body = await bytes(res);
    expect(body.length).toBe(expected);
    expect(probe(body).codec).toBe('mp3');
  });

  it('answers HEAD with the headers and starts no ffmpeg', async () => {
    const res = await fetch(`${fx.srv.url}/rest/stream?${new URLSearchParams({ ...fx.keyParams, id: ids.long, format: 'aac', maxBitRate: '320', estimateContentLength: 'true' })}`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/aac');
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(20_000_000);
    expect(ffmpegPids(longPath)).toEqual([]);
  });

  it.each([
    [{ timeOffset: 'abc' }, 'timeOffset'],
    [{ timeOffset: '-3' }, 'timeOffset'],
    [{ maxBitRate: '-1' }, 'maxBitRate'],
    [{ estimateContentLength: 'maybe' }, 'estimateContentLength'],
    [{ timeOffset: '61', format: 'mp3' }, 'past the end'],
  ])('refuses %j with a Subsonic error (code 0) and no audio', async (params, text) => {
    const res = await fx.raw('stream', { ...fx.keyParams, f: 'json', id: ids.wav, ...params });
    expect(res.status).toBe(200);
    const answer = JSON.parse(res.text)['subsonic-response'];
    expect(answer.status).toBe('failed');
    expect(answer.error.code).toBe(0);
    expect(answer.error.message).toContain(text);
  });
});

describe("a player's defaults", () => {
  it('apply to streams of that client name only; the call`s own lower rate wins', async () => {
    await setPlayerTranscode(fx.srv.services.db, 'listener', 'phone-app', { maxBitRate: 96, format: 'opus' });
    const phone = await stream({ id: ids.wav, c: 'phone-app' });
    expect(phone.headers.get('content-type')).toBe('audio/ogg');
    const body = await bytes(phone);
    expect(probe(body).codec).toBe('opus');
    expect((body.length * 8) / SECONDS / 1000).toBeLessThan(96 * 1.2);
    const lower = await bytes(await stream({ id: ids.wav, c: 'phone-app', maxBitRate: '32' }));
    expect(probe(lower).codec).toBe('opus');
    expect(lower.length).toBeLessThan(body.length * 0.6);
    const other = await stream({ id: ids.wav, c: 'desktop-app' });
    expect(other.headers.get('content-type')).toBe('audio/wav');
    expect((await bytes(other)).equals(wavBytes)).toBe(true);
    // the call's raw beats the player's format
    expect((await stream({ id: ids.wav, c: 'phone-app', format: 'raw' })).headers.get('content-type')).toBe('audio/wav');
  });

  it('are listed and set on /players for the players that called', async () => {
    await fx.client('token').ping(); // client name 'subsonic-api'
    const headers = { authorization: `Bearer ${await fx.srv.login('listener', 'password-123')}`, 'content-type': 'application/json' };
    const list = await (await fetch(`${fx.srv.url}/api/player-access`, { headers })).json() as { players: { id: number; client: string; maxBitRate: number; format: string | null }[] };
    const player = list.players.find((p) => p.client === 'subsonic-api')!;
    expect(player).toMatchObject({ maxBitRate: 0, format: null });
    const put = await fetch(`${fx.srv.url}/api/player-access/players/${player.id}`, { method: 'PUT', headers, body: JSON.stringify({ maxBitRate: 64, format: 'mp3' }) });
    expect(put.status).toBe(200);
    const res = await fx.client('token').stream({ id: ids.wav });
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(Math.round(probe(await bytes(res)).bitRate / 1000)).toBe(64);
    for (const body of [{ maxBitRate: 20, format: 'mp3' }, { maxBitRate: 64, format: 'flac' }, { maxBitRate: '64', format: null }]) {
      const bad = await fetch(`${fx.srv.url}/api/player-access/players/${player.id}`, { method: 'PUT', headers, body: JSON.stringify(body) });
      expect(bad.status).toBe(400);
      expect((await bad.json()).error).toMatch(/maxBitRate|format/);
    }
    // another user's player is not found
    const adminHeaders = { authorization: `Bearer ${fx.token}`, 'content-type': 'application/json' };
    const foreign = await fetch(`${fx.srv.url}/api/player-access/players/${player.id}`, { method: 'PUT', headers: adminHeaders, body: JSON.stringify({ maxBitRate: 0, format: null }) });
    expect(foreign.status).toBe(404);
    await fetch(`${fx.srv.url}/api/player-access/players/${player.id}`, { method: 'PUT', headers, body: JSON.stringify({ maxBitRate: 0, format: null }) });
  });
});

/** A GET whose body is not read past the first chunk: resolves with the request once the headers and a first chunk arrived. */
function openStream(params: Record<string, string>): { started: Promise<http.IncomingMessage>; req: http.ClientRequest } {
  const url = `${fx.srv.url}/rest/stream?${new URLSearchParams({ ...fx.keyParams, ...params })}`;
  let req!: http.ClientRequest;
  const started = new Promise<http.IncomingMessage>((resolve, reject) => {
    req = http.get(url, (res) => {
      res.once('data', () => {
        res.pause();
        resolve(res);
      });
    });
    req.on('error', reject);
  });
  return { started, req };
}

describe('the ffmpeg process', () => {
  it('is gone after the client disconnects mid-stream', async () => {
    const { started, req } = openStream({ id: ids.long, format: 'aac', maxBitRate: '320' });
    const res = await started;
    expect(res.headers['content-type']).toBe('audio/aac');
    expect(ffmpegPids(longPath)).toHaveLength(1);
    req.destroy();
    expect(await until(() => ffmpegPids(longPath).length === 0)).toBe(true);
  });

  it('runs at most transcodeConcurrency at once; the others wait, and one leaving the queue starts nothing', async () => {
    const config = fx.srv.services.config;
    const before = config.transcodeConcurrency;
    config.transcodeConcurrency = 1;
    try {
      const first = openStream({ id: ids.long, format: 'aac', maxBitRate: '320' });
      await first.started;
      const second = openStream({ id: ids.long, format: 'aac', maxBitRate: '256' });
      const leaving = openStream({ id: ids.long, format: 'aac', maxBitRate: '192' });
      leaving.started.catch(() => undefined); // it leaves before any answer
      let secondStarted = false;
      void second.started.then(() => { secondStarted = true; });
      await new Promise((r) => setTimeout(r, 1000));
      expect(secondStarted).toBe(false);
      expect(ffmpegPids(longPath)).toHaveLength(1);
      leaving.req.destroy();
      first.req.destroy();
      await second.started;
      await new Promise((r) => setTimeout(r, 300));
      // only the second runs: the one that left while waiting never started
      const pids = ffmpegPids(longPath);
      expect(pids).toHaveLength(1);
      second.req.destroy();
      expect(await until(() => ffmpegPids(longPath).length === 0)).toBe(true);
    } finally {
      config.transcodeConcurrency = before;
    }
  });
});
