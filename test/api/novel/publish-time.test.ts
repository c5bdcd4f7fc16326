/**
 * A novel's publish time (spec 001 sections 3 and 9): the add form's `publish_datetime`
 * is validated and stored in one form, YYYY-MM-DDTHH:MM, whatever date form was given,
 * so the list's publish_datetime order sorts by date; a text that is not a date is a
 * 400 coded `input.notDate` with nothing written. The migration that brings stored
 * times to that form. Through the real server.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNovelServer, type NovelServer } from './helpers.js';

let n: NovelServer;
beforeAll(async () => { n = await startNovelServer(); });
afterAll(async () => { await n.close(); });

const releaseOf = async (id: number) => (await n.srv.services.db('novels').where({ id }).first('release')).release as string | null;

describe('the publish time', () => {
  it('is stored in one form from any date form given', async () => {
    await n.add({ novelId: 501, name: '晚一些', publish_datetime: '2024/3/5' });
    await n.add({ novelId: 502, name: '最早', publish_datetime: '2023.12.31 23:05' });
    await n.add({ novelId: 503, name: '最晚', publish_datetime: '2024-11-02T08:30:15Z' });
    await n.add({ novelId: 504, name: '无日期', publish_datetime: '' });
    expect([await releaseOf(501), await releaseOf(502), await releaseOf(503), await releaseOf(504)]).toEqual(['2024-03-05T00:00', '2023-12-31T23:05', '2024-11-02T08:30', null]);
    expect((await n.api('GET', '/api/novel/work/501')).body.release).toBe('2024-03-05T00:00');
  });

  it('sorts as a date', async () => {
    const ids = async (sort: string) => ((await n.api('GET', `/api/novel/works?order=publish_datetime&sort=${sort}&page=1`)).body.works as { id: number }[]).map((w) => w.id).filter((id) => id !== 504);
    expect(await ids('asc')).toEqual([502, 501, 503]);
    expect(await ids('desc')).toEqual([503, 501, 502]);
  });

  it('refuses a text that is not a date, or no calendar date, writing nothing', async () => {
    for (const publish of ['not a date', '2024-02-30', '2024-13-01', '2024-03-05T25:00']) {
      const res = await n.api('POST', '/api/novel/work/', undefined, { novelId: 505, name: '坏日期', publish_datetime: publish });
      expect(res.status, publish).toBe(400);
      expect(res.body).toEqual({ error: 'publish_datetime: not a date (YYYY-MM-DD or YYYY-MM-DDTHH:MM)', code: 'input.notDate', params: { field: 'publish_datetime' } });
    }
    expect(await n.srv.services.db('novels').where({ id: 505 }).first('id')).toBeUndefined();
  });

  it('the migration rewrites times stored as given and drops texts that are not dates', async () => {
    const db = n.srv.services.db;
    await db('novels').where({ id: 501 }).update({ release: '2024/3/5' });
    await db('novels').where({ id: 502 }).update({ release: 'not a date' });
    await db('novels').where({ id: 503 }).update({ release: '2024-11-02T08:30' });
    const migration = path.resolve(import.meta.dirname, '../../../migrations/20261229000300_novel_publish_time.js');
    const { up } = await import(migration) as { up(knex: unknown): Promise<void> };
    await up(db);
    expect([await releaseOf(501), await releaseOf(502), await releaseOf(503)]).toEqual(['2024-03-05T00:00', null, '2024-11-02T08:30']);
  });
});
