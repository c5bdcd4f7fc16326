/**
 * The scanner's messages between instances on one PostgreSQL database (spec 001 section 7,
 * DESIGN section 6): each instance publishes its scanner messages on the NOTIFY channel
 * `audiolib_scan` (payload `{origin, message}`) and passes the other instances' messages
 * to its own admins. Told apart by `origin`, a random id per relay. On SQLite nothing is
 * sent or heard (src/db/dialect/session.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { listen, notify } from '../db/dialect/session.js';
import type { ScanMessage } from '../model/index.js';

const SCAN_CHANNEL = 'audiolib_scan';

export interface ScanRelay {
  /** Sends one of this instance's messages to the other instances; never throws. */
  publish(message: ScanMessage): void;
  /** Stops listening. */
  close(): Promise<void>;
}

/**
 * Listens for the other instances' scanner messages and calls `onOther` with each one.
 * A listener that cannot start is reported once through `log` (the admins then see this
 * instance's scans only).
 */
export function relayScanMessages(db: Knex, onOther: (message: ScanMessage) => void, log: (line: string) => void): ScanRelay {
  const origin = randomUUID();
  const listener = listen(db, SCAN_CHANNEL, (payload) => {
    const relayed = JSON.parse(payload) as { origin: string; message: ScanMessage };
    if (relayed.origin !== origin) onOther(relayed.message);
  }).catch((err: Error) => {
    log(`scanner messages of other instances will not show: ${err.message}`);
    return null;
  });
  return {
    publish(message) {
      void notify(db, SCAN_CHANNEL, JSON.stringify({ origin, message })).catch(() => undefined);
    },
    async close() {
      await listener.then((l) => l?.close());
    },
  };
}
