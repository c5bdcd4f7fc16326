/**
 * Config changes made through one instance reach the others (src/db/README.md "Several
 * instances"): every instance reads the same config.json (the data directory is shared
 * storage); after a save through the admin API the saving instance sends a NOTIFY on
 * channel audiolib_config, and every instance re-reads config.json on it (file watches do
 * not cross machines on network file systems). On SQLite the file watch alone does it.
 */
import { applyConfig, saveConfig, type Config, type ConfigWatcher } from '../config/index.js';
import { listen, notify, type Listener } from '../db/dialect/session.js';
import type { AppServices } from './context.js';

const CONFIG_CHANNEL = 'audiolib_config';

/**
 * Saves `next` as config.json (0600, atomic), applies it to the running config and tells
 * the other instances. Answers the restart-only keys that changed (applyConfig).
 */
export function saveLiveConfig(services: AppServices, next: Config): (keyof Config)[] {
  const restart = applyConfig(services.config, saveConfig(services.dataDir, next));
  void notify(services.db, CONFIG_CHANNEL, '').catch(() => undefined);
  return restart;
}

/** Re-reads config.json through `watcher` whenever another instance saved it (PostgreSQL); null on SQLite. */
export function followSharedConfig(services: AppServices, watcher: ConfigWatcher): Promise<Listener | null> {
  return listen(services.db, CONFIG_CHANNEL, () => watcher.reload());
}
