/**
 * The catalogue the contract tests run against: 6 named visible works, 14 fillers, one
 * hidden work and one trial work, on a real server with pageSize 4, and one token per
 * group (admin, two users, a guest).
 */
import { seedWorks, userToken, apiClient, type SeedWork } from '../../helpers/catalogue-seed.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

export const ALPHA = { id: 1, name: 'Circle Alpha' };
export const BETA = { id: 2, name: 'Beta Works' };
export const GAMMA = { id: 3, name: 'Gamma' };
export const DELTA = { id: 4, name: 'Delta' };
export const MIMI = { id: 1, name: '耳かき' };
export const IYASHI = { id: 2, name: '癒やし' };
export const AME = { id: 3, name: '雨' };

export const W1 = 1098765; // RJ01098765, 8 digits
export const W2 = 298765;
export const W3 = 173111;
export const W4 = 189111;
export const W5 = 265111;
export const W8 = 222222; // VJ
export const HIDDEN = 456111;
export const TRIAL = 111111;

export const NAMED: SeedWork[] = [
  { id: W1, title: '雨音と耳かきの夜', circle: ALPHA, tags: [MIMI, IYASHI], vas: ['Aoi Sato'], release: '2023-05-01', price: 1100, dl_count: 500, rate_average_2dp: 4.5, rate_count: 40, review_count: 20, nsfw: false, lyric_status: 'local', created_at: '2026-01-01T00:00:00.000Z' },
  { id: W2, title: 'Rain Day ASMR', circle: BETA, tags: [IYASHI, AME], vas: ['Mika Tanaka'], release: '2022-01-10', price: 880, dl_count: 1500, rate_average_2dp: 3.9, rate_count: 12, review_count: 5, nsfw: true, lyric_status: 'ai', created_at: '2026-01-02T00:00:00.000Z' },
  { id: W3, title: 'サキュバスアカデミア', circle: ALPHA, tags: [MIMI], vas: ['Aoi Sato', 'Mika Tanaka'], release: '2024-02-02', price: 1980, dl_count: 90, rate_average_2dp: 4.8, rate_count: 80, review_count: 50, nsfw: true, lyric_status: 'ai_local', created_at: '2026-01-03T00:00:00.000Z' },
  { id: W4, title: '機械人形', circle: GAMMA, tags: [AME], release: '2021-07-07', price: 550, dl_count: 3000, rate_average_2dp: 2.5, rate_count: 3, review_count: 1, nsfw: false, lyric_status: '', created_at: '2026-01-04T00:00:00.000Z' },
  { id: W5, title: 'Sleep Story', circle: BETA, tags: [MIMI], vas: ['Ren Kato'], release: '2024-12-24', price: 2200, dl_count: 10, rate_average_2dp: 4.1, rate_count: 20, review_count: 9, nsfw: false, lyric_status: 'local', created_at: '2026-01-05T00:00:00.000Z' },
  { id: W8, code_prefix: 'VJ', title: 'Night Whisper', circle: GAMMA, tags: [IYASHI], vas: ['Ren Kato'], release: '2020-03-03', price: 0, dl_count: 0, nsfw: false, created_at: '2026-01-06T00:00:00.000Z' },
  { id: HIDDEN, title: 'Hidden 耳かき', circle: ALPHA, tags: [MIMI], vas: ['Aoi Sato'], release: '2025-01-01', removed_at: '2026-02-01T00:00:00.000Z' },
  { id: TRIAL, title: 'Trial 耳かき', circle: ALPHA, tags: [MIMI], vas: ['Aoi Sato'], release: '2025-01-02', status: 0 },
];

/** 14 fillers of circle Delta, no tags or VAs; some share a release day with each other (tie-break by id). */
export const FILLERS: SeedWork[] = Array.from({ length: 14 }, (_, i) => ({
  id: 500001 + i,
  title: `Filler ${i + 1}`,
  circle: DELTA,
  release: `2019-0${1 + (i % 7)}-15`,
  price: 100 * (i % 5),
  dl_count: 7 * ((i * 3) % 11),
  rate_average_2dp: (i % 4) + 0.5,
  review_count: i % 3,
  nsfw: i % 2 === 0,
  created_at: `2025-06-${String(10 + i).padStart(2, '0')}T00:00:00.000Z`,
}));

export const VISIBLE_COUNT = 20;
export const PAGE_SIZE = 4;

export interface Catalogue {
  srv: TestServer;
  api: ReturnType<typeof apiClient>;
  admin: string;
  alice: string;
  bob: string;
  guest: string;
}

/** Starts the server, seeds the catalogue, creates the users. Close with `srv.close()`. */
export async function startCatalogue(): Promise<Catalogue> {
  const srv = await startTestServer({ config: { pageSize: PAGE_SIZE } });
  await seedWorks(srv.services.db, [...NAMED, ...FILLERS]);
  return {
    srv,
    api: apiClient(srv),
    admin: await srv.login(),
    alice: await userToken(srv, 'alice', 'user'),
    bob: await userToken(srv, 'bobby', 'user'),
    guest: await userToken(srv, 'guest', 'guest'),
  };
}

/** Fetches every page of a list (path without page) and answers the works in order plus the totals seen. */
export async function allPages(c: Catalogue, path: string, token = c.admin): Promise<{ ids: number[]; works: any[]; totals: number[] }> {
  const works: any[] = [];
  const totals: number[] = [];
  for (let page = 1; page < 100; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await c.api('GET', `${path}${sep}page=${page}`, token);
    if (res.status !== 200) throw new Error(`${path} page ${page}: ${res.status} ${JSON.stringify(res.body)}`);
    totals.push(res.body.pagination.totalCount);
    works.push(...res.body.works);
    if (res.body.works.length < res.body.pagination.pageSize || works.length >= res.body.pagination.totalCount) break;
  }
  return { ids: works.map((w) => w.id), works, totals };
}
