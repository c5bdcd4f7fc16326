/**
 * A PostgreSQL server that asks for a password (scram-sha-256 over TCP, as the
 * distribution's package sets it up): the password of a postgres:// URL reaches every
 * connection, the pool's and the dedicated ones (migration lock, scan lock, LISTEN).
 * PostgreSQL only: SQLite has no sign-in.
 */
import { describe, expect, it } from 'vitest';
import { migrate, openDb } from '../../../src/db/index.js';
import { listen, tryAdvisoryLock } from '../../../src/db/dialect/session.js';
import { PG_MODE, TEST_ROLE_PASSWORD, createTestDatabase, tcpTestUrl } from '../../helpers/pg.js';

const databaseName = () => new URL(createTestDatabase()).pathname.slice(1);

describe.runIf(PG_MODE)('PostgreSQL with password authentication', () => {
  it('migrates, takes the scan lock and listens with the password of the URL', async () => {
    const db = openDb(tcpTestUrl(databaseName(), TEST_ROLE_PASSWORD));
    try {
      await expect(migrate(db)).resolves.toEqual([]);
      const lock = await tryAdvisoryLock(db, 4242n);
      expect(lock).not.toBeNull();
      await lock!.release();
      const listener = await listen(db, 'audiolib_test', () => undefined);
      expect(listener).not.toBeNull();
      await listener!.close();
    } finally {
      await db.destroy();
    }
  });

  it('refuses a wrong password with the server\'s reason', async () => {
    const db = openDb(tcpTestUrl(databaseName(), 'not-the-password'));
    try {
      await expect(db.raw('SELECT 1')).rejects.toThrow(/password authentication failed/);
    } finally {
      await db.destroy();
    }
  });
});
