/**
 * Test helpers for the catalogue: inserts works with their circle, tags and VAs straight
 * into the database (as the scanner and metadata crawler would leave them), and creates
 * signed-in users of each group.
 */
import type { Db } from '../../src/db/index.js';
import type { Group } from '../../src/model/index.js';
import { createUser } from '../../src/users/index.js';
import { vaId } from '../../src/metadata/save.js';
import { callApi, type TestServer } from './server.js';

export interface SeedWork {
  id: number;
  title: string;
  code_prefix?: 'RJ' | 'VJ' | 'BJ';
  circle?: { id: number; name: string };
  tags?: { id: number; name: string }[];
  /** VA names; ids are UUIDv5 of the name (vaId). */
  vas?: string[];
  release?: string;
  price?: number;
  dl_count?: number;
  rate_average_2dp?: number;
  rate_count?: number;
  review_count?: number;
  nsfw?: boolean;
  lyric_status?: '' | 'local' | 'ai' | 'ai_local';
  /** Trial status (3 = in the library). */
  status?: number;
  /** ISO time; the work is hidden when set. */
  removed_at?: string;
  created_at?: string;
}

export { vaId };

/** Inserts the works with their circles, tags, VAs and links (existing names are kept). */
export async function seedWorks(db: Db, works: SeedWork[]): Promise<void> {
  await db.transaction(async (trx) => {
    for (const w of works) {
      if (w.circle) await trx('circles').insert(w.circle).onConflict('id').ignore();
      for (const t of w.tags ?? []) await trx('tags').insert(t).onConflict('id').ignore();
      for (const name of w.vas ?? []) await trx('vas').insert({ id: vaId(name), name }).onConflict('id').ignore();
    }
    const rows = works.map((w) => ({
      id: w.id, code_prefix: w.code_prefix ?? 'RJ', title: w.title, circle_id: w.circle?.id ?? null,
      release: w.release ?? null, price: w.price ?? 0, dl_count: w.dl_count ?? 0, rate_average_2dp: w.rate_average_2dp ?? 0,
      rate_count: w.rate_count ?? 0, review_count: w.review_count ?? 0, nsfw: w.nsfw ?? false, lyric_status: w.lyric_status ?? '',
      rate_count_detail: JSON.stringify([{ review_point: 5, count: w.rate_count ?? 0, ratio: 100 }]),
      status: w.status ?? 3, removed_at: w.removed_at ?? null, removed_reason: w.removed_at ? 'missing' : null,
      created_at: w.created_at ?? new Date().toISOString(), updated_at: new Date().toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 200) await trx('works').insert(rows.slice(i, i + 200)); // 200 rows of 17 bindings a statement: within SQLite's limit of 32,766
    for (const w of works) {
      for (const t of w.tags ?? []) await trx('work_tags').insert({ work_id: w.id, tag_id: t.id });
      for (const name of w.vas ?? []) await trx('work_vas').insert({ work_id: w.id, va_id: vaId(name) });
    }
  });
}

/** Creates a user of `group` (password 'password-123') and answers a bearer token for it. */
export async function userToken(srv: TestServer, name: string, group: Group): Promise<string> {
  await createUser(srv.services.db, name, 'password-123', group);
  return srv.login(name, 'password-123');
}

/** A JSON API client bound to `srv`: answers status and parsed body. */
export function apiClient(srv: TestServer) {
  return async (method: string, path: string, token?: string | null, body?: unknown): Promise<{ status: number; body: any }> => {
    const { status, body: answer } = await callApi(srv, method, path, token, body);
    return { status, body: answer };
  };
}
