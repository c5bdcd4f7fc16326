/**
 * `audiolib user player list|set` against a running server's data directory: a player's
 * default transcoding set from the shell (the player named before it ever connected)
 * applies to that player's next stream at /rest (the `subsonic-api` client, a WAV made with
 * ffmpeg, measured with ffprobe), shows on the settings page's call, and bad values exit 2
 * with the rule's message, writing nothing.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubsonicAPI } from 'subsonic-api';
import { tempDataDir } from '../helpers/server.js';
import { makeTone, probe } from '../helpers/audio.js';
import { runCli, startServe, type RunningServe } from './run.js';

const ADMIN_PW = 'cli-admin-pw';
let dataDir: string;
let serve: RunningServe;
let songId: string;
beforeAll(async () => {
  dataDir = tempDataDir();
  const library = path.join(dataDir, 'library');
  makeTone(path.join(library, 'RJ01088888 tone', 'tone.wav'), 20);
  serve = await startServe(dataDir, ADMIN_PW);
  const scan = await runCli(['--data-dir', dataDir, 'scan', '--no-fetch', library]);
  expect(scan.code, scan.stderr).toBe(0);
  const added = await runCli(['--data-dir', dataDir, 'user', 'add', 'robin'], 'robin-login\n');
  expect(added.code, added.stderr).toBe(0);
  const key = await runCli(['--data-dir', dataDir, 'user', 'api-key', 'add', 'robin']);
  // a player names itself with `c`; the client library always sends its own, so its fetch renames it
  const client = (name: string) => new SubsonicAPI({
    url: serve.url,
    auth: { apiKey: key.stdout.trim() },
    fetch: (input, init) => {
      const url = new URL(String(input));
      url.searchParams.set('c', name);
      return fetch(url, init);
    },
  });
  const album = await client('probe').getAlbum({ id: 'al-1088888' });
  songId = album.album.song![0]!.id;
  players.phone = client('Phone App');
  players.desktop = client('Desktop App');
  token = (await (await fetch(`${serve.url}/api/auth/me`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'robin', password: 'robin-login' }) })).json() as { token: string }).token;
}, 120_000);
afterAll(async () => { await serve?.stop(); });

const players: Record<'phone' | 'desktop', SubsonicAPI | null> = { phone: null, desktop: null };
let token = '';
const player = (args: string[]) => runCli(['--data-dir', dataDir, 'user', 'player', ...args]);

describe('audiolib user player', () => {
  it('set names a player before it connects; its streams are transcoded from the next call, other players get the file', async () => {
    const set = await player(['set', 'robin', 'Phone App', '--max-bit-rate', '64', '--format', 'mp3']);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stderr).toContain('player Phone App of robin: at most 64 kbit/s, format mp3');
    const phone = await players.phone!.stream({ id: songId });
    expect(phone.headers.get('content-type')).toBe('audio/mpeg');
    const probed = probe(Buffer.from(await phone.arrayBuffer()));
    expect(probed.codec).toBe('mp3');
    expect(Math.round(probed.bitRate / 1000)).toBe(64);
    expect((await players.desktop!.stream({ id: songId })).headers.get('content-type')).toBe('audio/wav');

    // an option not given keeps its value; 'default' clears the format
    expect((await player(['set', 'robin', 'Phone App', '--format', 'opus'])).code).toBe(0);
    const opus = await players.phone!.stream({ id: songId });
    expect(opus.headers.get('content-type')).toBe('audio/ogg');
    expect(probe(Buffer.from(await opus.arrayBuffer())).codec).toBe('opus');
    const list = await player(['list', 'robin', '--json']);
    const { players: rows } = JSON.parse(list.stdout) as { players: { client: string; maxBitRate: number; format: string | null; last_seen_at: string | null }[] };
    expect(rows.find((p) => p.client === 'Phone App')).toMatchObject({ maxBitRate: 64, format: 'opus' });
    expect(rows.find((p) => p.client === 'Desktop App')).toMatchObject({ maxBitRate: 0, format: null });
    expect(rows.every((p) => p.last_seen_at !== null)).toBe(true);
    // the settings page reads the same rows
    const page = await (await fetch(`${serve.url}/api/player-access`, { headers: { authorization: `Bearer ${token}` } })).json() as { players: { client: string; maxBitRate: number; format: string | null }[] };
    expect(page.players.find((p) => p.client === 'Phone App')).toMatchObject({ maxBitRate: 64, format: 'opus' });
    expect((await player(['set', 'robin', 'Phone App', '--format', 'default', '--max-bit-rate', '0'])).code).toBe(0);
    expect((await players.phone!.stream({ id: songId })).headers.get('content-type')).toBe('audio/wav');
    const table = await player(['list', 'robin']);
    expect(table.stdout.split('\n')[0]).toMatch(/^CLIENT\s+MAX KBIT\/S\s+FORMAT\s+LAST SEEN$/);
  });

  it.each([
    [['set', 'robin', 'Phone App', '--max-bit-rate', '20'], 'maxBitRate must be 0 (no limit) or 32 to 320'],
    [['set', 'robin', 'Phone App', '--max-bit-rate', 'fast'], 'maxBitRate must be a whole number'],
    [['set', 'robin', 'Phone App', '--format', 'flac'], 'format must be raw, mp3, opus or aac'],
    [['set', 'robin', 'Phone App'], 'give --max-bit-rate, --format or both'],
    [['set', 'robin', ' ', '--format', 'mp3'], 'player name must not be empty'],
    [['set', 'nobody', 'Phone App', '--format', 'mp3'], 'no such user: nobody'],
    [['list', 'nobody'], 'no such user: nobody'],
  ])('%j exits 2 with the message and changes nothing', async (args, message) => {
    const res = await player(args);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`audiolib: ${message}`);
    const list = JSON.parse((await player(['list', 'robin', '--json'])).stdout) as { players: { client: string; maxBitRate: number; format: string | null }[] };
    expect(list.players.find((p) => p.client === 'Phone App')).toMatchObject({ maxBitRate: 0, format: null });
  });
});
