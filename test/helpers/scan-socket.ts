/** A client of the scanner's WebSocket (/api/ws) for the tests: records every message and waits for one. */
import WebSocket from 'ws';
import type { ScanMessage } from '../../src/model/index.js';

/** A ws client that records every message and can wait for one matching a predicate. */
export class ScanSocket {
  readonly messages: ScanMessage[] = [];
  readonly ws: WebSocket;
  closed: { code: number } | null = null;
  private waiters: { test: (m: ScanMessage) => boolean; resolve: (m: ScanMessage) => void }[] = [];

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as ScanMessage;
      this.messages.push(m);
      this.waiters = this.waiters.filter((w) => (w.test(m) ? (w.resolve(m), false) : true));
    });
    this.ws.on('close', (code) => {
      this.closed = { code };
    });
  }

  /** The first message (already received or to come) of `type` matching `test`. */
  next<T extends ScanMessage['type']>(type: T, test: (m: Extract<ScanMessage, { type: T }>) => boolean = () => true, after = 0): Promise<Extract<ScanMessage, { type: T }>> {
    const ok = (m: ScanMessage) => m.type === type && test(m as Extract<ScanMessage, { type: T }>);
    const seen = this.messages.slice(after).find(ok);
    if (seen) return Promise.resolve(seen as Extract<ScanMessage, { type: T }>);
    return new Promise((resolve) => this.waiters.push({ test: ok, resolve: resolve as (m: ScanMessage) => void }));
  }

  send(type: string) {
    this.ws.send(JSON.stringify({ type }));
  }

  closeAndWait(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

