/**
 * The tests' stand-in for DLsite and HVDB: the recorded store (src/metadata/recorded-store.ts)
 * answering the recordings of test/fixtures/dlsite and test/fixtures/hvdb.
 */
import path from 'node:path';
import { startRecordedStore, type RecordedStore } from '../../src/metadata/recorded-store.js';

export type FakeStore = RecordedStore;

/** Starts the store on 127.0.0.1 with an ephemeral port. */
export function startFakeStore(): Promise<FakeStore> {
  return startRecordedStore({ fixturesDir: path.resolve(import.meta.dirname, '..', 'fixtures') });
}
