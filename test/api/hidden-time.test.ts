/**
 * One time format in the database (src/db/time.ts): a work hidden by a scan (its folder
 * vanished) and a work hidden by the admin (`DELETE /api/work/:id`) store `removed_at` the
 * same way, ISO 8601 UTC with milliseconds, as do the scanned works' created_at and
 * updated_at and the scan's run; on the engine of the run, read as stored.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, libraryDir, startTestServer, type TestServer } from '../helpers/server.js';
import { scanLibrary } from '../../src/scan/index.js';

const RJ265946 = 265946;
const RJ299717 = 299717;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

let srv: TestServer;
let root: string;

beforeAll(async () => {
  srv = await startTestServer();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-hidden-'));
  for (const name of ['RJ265946 サキュバスアカデミア', 'RJ299717']) fs.cpSync(path.join(libraryDir, name), path.join(root, name), { recursive: true });
});

afterAll(async () => {
  await srv.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** A stored time as its text: SQLite's as stored; PostgreSQL's timestamptz as the driver reads it (src/db/knex.ts). */
const stored = async (id: number, column: string) => String((await srv.services.db('works').where({ id }).first(column))[column]);

describe('removed_at', () => {
  it('is written the same way by a scan that hides a vanished work and by the admin', async () => {
    const roots = [{ name: 'hidden', path: root }];
    const began = Date.now();
    await scanLibrary(srv.services.db, { roots, maxDepth: 2 });
    for (const id of [RJ265946, RJ299717]) {
      for (const column of ['created_at', 'updated_at']) expect(await stored(id, column)).toMatch(ISO);
    }
    const run = await srv.services.db('scan_runs').orderBy('id', 'desc').first('started_at', 'finished_at');
    expect([String(run.started_at), String(run.finished_at)]).toEqual([expect.stringMatching(ISO), expect.stringMatching(ISO)]);

    fs.rmSync(path.join(root, 'RJ299717'), { recursive: true, force: true });
    const summary = await scanLibrary(srv.services.db, { roots, maxDepth: 2, allowMassRemoval: true });
    expect(summary.removed).toBe(1);
    const res = await callApi(srv, 'DELETE', `/api/work/${RJ265946}`, await srv.login());
    expect(res.status).toBe(200);

    const byScan = await srv.services.db('works').where({ id: RJ299717 }).first('removed_reason');
    const byAdmin = await srv.services.db('works').where({ id: RJ265946 }).first('removed_reason');
    expect([byScan.removed_reason, byAdmin.removed_reason]).toEqual(['missing', 'deleted']);
    for (const id of [RJ299717, RJ265946]) {
      const at = await stored(id, 'removed_at');
      expect(at).toMatch(ISO);
      expect(Date.parse(at)).toBeGreaterThanOrEqual(began - 1000);
      expect(Date.parse(at)).toBeLessThanOrEqual(Date.now());
    }
  });
});
