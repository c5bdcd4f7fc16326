/**
 * LISTEN/NOTIFY across instances (src/db/dialect/session.ts): a listener whose connection
 * is dropped keeps trying to come back, also when the database refuses it for a while,
 * and hears the messages sent after it is back. PostgreSQL only: SQLite has one process.
 */
import { describe, expect, it } from 'vitest';
import { openDb } from '../../../src/db/index.js';
import { listen, notify } from '../../../src/db/dialect/session.js';
import { PG_MODE, createTestDatabase } from '../../helpers/pg.js';

const until = async (check: () => boolean, ms: number) => {
  for (const end = Date.now() + ms; Date.now() < end && !check();) await new Promise((r) => setTimeout(r, 100));
  return check();
};

describe.runIf(PG_MODE)('listen', () => {
  it('comes back after its connection is dropped while the database refuses connections', async () => {
    const url = createTestDatabase();
    const name = new URL(url).pathname.slice(1);
    const admin = openDb(url.replace(`/${name}?`, '/postgres?'));
    const db = openDb(url);
    const heard: string[] = [];
    const listener = await listen(db, 'audiolib_test', (payload) => heard.push(payload));
    try {
      await admin.raw(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.raw(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ? AND query LIKE 'LISTEN%'`, [name]);
      await new Promise((r) => setTimeout(r, 2500)); // at least one refused attempt to come back
      await admin.raw(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      let sent = 0;
      const back = await until(() => {
        void notify(db, 'audiolib_test', `m${sent++}`).catch(() => undefined);
        return heard.length > 0;
      }, 10_000);
      expect(back, 'a message heard after the database let the listener back in').toBe(true);
    } finally {
      await listener?.close();
      await admin.raw(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`).catch(() => undefined);
      await Promise.all([db.destroy(), admin.destroy()]);
    }
  });
});
