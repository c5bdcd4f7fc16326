/**
 * The players' API tests' setup: the real server over a scanned copy of the fixture
 * library (its configured root 'library'), the metadata of the recorded works fetched from
 * the fake store, three accounts (admin; `listener`, group user; `guest1`, group guest),
 * each with a player password, and an API key of `listener`. `client` answers a real
 * Subsonic client (the `subsonic-api` package) signing in one of four ways.
 */
import { SubsonicAPI } from 'subsonic-api';
import { startMediaFixture, type MediaFixture } from '../media-fixture.js';
import { startFakeStore, type FakeStore } from '../../helpers/fake-store.js';
import { fetchWorkMetadata } from '../../../src/metadata/crawler.js';
import { createApiKey, createUser, setPlayerPassword } from '../../../src/users/index.js';

export const RJ01012345 = 1012345;
export const RJ265946 = 265946;
export const RJ299717 = 299717;
export const RJ189758 = 189758;
/** Works with recorded store pages (circle, voice actors, tags, covers). */
export const METADATA_WORKS = [173248, 189758, 265946];

/** Login password of listener and guest1. */
export const LOGIN_PASSWORD = 'password-123';
export const PLAYER_PASSWORDS: Record<string, string> = { admin: 'admin-player-pw', listener: 'listener-player-pw', guest1: 'guest-player-pw' };

/** How a client signs in: token (t + s), apiKey, plain p, or p as enc:hex. */
export type AuthWay = 'token' | 'apiKey' | 'plain' | 'enc';

export interface SubsonicFixture extends MediaFixture {
  store: FakeStore;
  /** listener's API key. */
  apiKey: string;
  /**
   * A real client for `user` signing in the `way` given, with `password` (default the
   * user's player password); `address` is sent as X-Forwarded-For (a server started with
   * `trustProxy` takes it as the client's address).
   */
  client(way?: AuthWay, opts?: { user?: string; password?: string; apiKey?: string; post?: boolean; address?: string }): SubsonicAPI;
  /** GET /rest/{method} with query `params` (no sign-in added): status, headers and body text. */
  raw(method: string, params: Record<string, string | string[]>, init?: RequestInit): Promise<{ status: number; headers: Headers; text: string }>;
  /** Sign-in parameters of `listener` with an apiKey, for raw calls. */
  keyParams: Record<string, string>;
}

/**
 * The fetch of a client: with `password`, it turns the client's token sign-in into a
 * password one (`p`, plain or enc:hex); with `address`, it adds X-Forwarded-For.
 */
function clientFetch(opts: { password?: string; enc?: boolean; address?: string }): typeof fetch {
  return (input, init) => {
    const url = new URL(String(input));
    if (opts.password !== undefined) {
      url.searchParams.delete('t');
      url.searchParams.delete('s');
      url.searchParams.set('p', opts.enc ? `enc:${Buffer.from(opts.password, 'utf8').toString('hex')}` : opts.password);
    }
    const headers = new Headers(init?.headers);
    if (opts.address) headers.set('x-forwarded-for', opts.address);
    return fetch(url, { ...init, headers });
  };
}

/**
 * Starts the fixture; `trustProxy` lets tests give each call its own client address;
 * `prepare` may add files to the library copy before it is scanned.
 */
export async function startSubsonicFixture(opts: { trustProxy?: boolean; prepare?: (library: string) => void } = {}): Promise<SubsonicFixture> {
  const store = await startFakeStore();
  const fx = await startMediaFixture(opts.prepare, { config: { ...store.config, trustProxy: opts.trustProxy ?? false }, configureRoot: true });
  const { db, config, secret } = fx.srv.services;
  await fetchWorkMetadata(db, config, fx.srv.dataDir, METADATA_WORKS);
  await createUser(db, 'listener', LOGIN_PASSWORD, 'user');
  await createUser(db, 'guest1', LOGIN_PASSWORD, 'guest');
  for (const [name, pw] of Object.entries(PLAYER_PASSWORDS)) await setPlayerPassword(db, secret, name, pw);
  const { key } = await createApiKey(db, 'listener', 'phone');
  const base = `${fx.srv.url}/rest`;
  return {
    ...fx,
    store,
    apiKey: key,
    keyParams: { apiKey: key, c: 'test', v: '1.16.1' },
    client(way = 'token', opts = {}) {
      const user = opts.user ?? 'listener';
      const password = opts.password ?? PLAYER_PASSWORDS[user]!;
      const f = clientFetch({ address: opts.address, ...(way === 'plain' || way === 'enc' ? { password, enc: way === 'enc' } : {}) });
      if (way === 'apiKey') return new SubsonicAPI({ url: fx.srv.url, auth: { apiKey: opts.apiKey ?? key }, post: opts.post, fetch: f });
      return new SubsonicAPI({ url: fx.srv.url, auth: { username: user, password }, post: opts.post, fetch: f });
    },
    async raw(method, params, init) {
      const url = new URL(`${base}/${method}`);
      for (const [k, v] of Object.entries(params)) for (const one of [v].flat()) url.searchParams.append(k, one);
      const res = await fetch(url, init);
      return { status: res.status, headers: res.headers, text: await res.text() };
    },
    async close() {
      await fx.close();
      await store.close();
    },
  };
}
