/**
 * A data directory with the fixture library scanned into a real SQLite file and the
 * admin account, opened as the TUI's local source; and a real mpv (--ao=null) player.
 */
import { openMigrated } from '../../src/db/index.js';
import { ensureAdmin } from '../../src/users/index.js';
import { scanLibrary } from '../../src/scan/index.js';
import { LocalSource } from '../../src/tui/data/local.js';
import { MpvPlayer } from '../../src/tui/player/mpv.js';
import { PlayerController } from '../../src/tui/player/controller.js';
import type { DataSource } from '../../src/tui/data/source.js';
import type { PlayerState } from '../../src/player/index.js';
import { ADMIN_PASSWORD, libraryDir, tempDataDir } from '../helpers/server.js';

/** Scans the fixture library into a new data directory; answers the directory. */
export async function scannedDataDir(): Promise<string> {
  const dataDir = tempDataDir('audiolib-tui-');
  const db = await openMigrated(dataDir);
  await ensureAdmin(db, ADMIN_PASSWORD);
  await scanLibrary(db, { roots: [{ name: 'library', path: libraryDir }], maxDepth: 2 });
  await db.destroy();
  return dataDir;
}

/** A player controller on a real mpv with no audio output, playing what `source` resolves. */
export async function realPlayer(source: DataSource, initial?: PlayerState): Promise<PlayerController> {
  const backend = await MpvPlayer.start({ extraArgs: ['--ao=null'] });
  return new PlayerController({ backend, resolveUrl: (t) => source.mediaLocation(t.hash), initial });
}

export async function localSource(dataDir: string): Promise<LocalSource> {
  return LocalSource.open(dataDir, 'admin');
}
