/**
 * Opening a SQLite file that is no database (src/db/knex.ts): the open is refused with the
 * cause in words, and the process keeps no handle on the file (a connection whose set-up
 * failed is closed, so it holds no lock a later restore or repair would meet).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openMigrated } from '../../../src/db/index.js';
import { PG_MODE } from '../../helpers/pg.js';
import { tempDataDir } from '../../helpers/server.js';

/** The files this process holds open (Linux /proc). */
const openFiles = () => fs.readdirSync('/proc/self/fd').map((fd) => {
  try {
    return fs.readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return '';
  }
});

describe.skipIf(PG_MODE)('opening a file that is no SQLite database', () => {
  it('is refused with the cause, and the file is not left open', async () => {
    const dataDir = tempDataDir('audiolib-open-', 'none');
    const file = path.join(dataDir, 'audiolib.sqlite3');
    fs.writeFileSync(file, 'not a database, but long enough to be read as a header by SQLite '.repeat(40));
    await expect(openMigrated(dataDir)).rejects.toThrow(/cannot open the database .*audiolib\.sqlite3: it is not a SQLite database/);
    await new Promise((r) => setTimeout(r, 50)); // the close's callback has run
    expect(openFiles().filter((f) => f.startsWith(file))).toEqual([]);
  });
});
