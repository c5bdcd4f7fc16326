/** The failure counter and the sign-in rule behind login throttling, on an injected clock (ms). */
import { describe, expect, it } from 'vitest';
import { failureCounter, loginGuard } from '../../../src/server/middleware/throttle.js';

describe('failureCounter', () => {
  it('blocks after the limit within the window, until the oldest failure leaves it', () => {
    let now = 1_000_000;
    const c = failureCounter({ limit: 3, windowMs: 60_000, now: () => now });
    c.fail('a'); now += 1000; c.fail('a'); now += 1000;
    expect(c.blockedFor('a')).toBe(0);
    c.fail('a');
    expect(c.blockedFor('a')).toBe(60_000 - 2000);
    expect(c.blockedFor('b')).toBe(0);
    now += 58_000; // the first failure is now exactly 60 s old: out of the window
    expect(c.blockedFor('a')).toBe(0);
    c.fail('a');
    expect(c.blockedFor('a')).toBeGreaterThan(0);
  });

  it('forgets an address after a success', () => {
    const c = failureCounter({ limit: 2, now: () => 5 });
    c.fail('a'); c.succeed('a'); c.fail('a');
    expect(c.blockedFor('a')).toBe(0);
  });

  it('forgets addresses whose failures expired once many are tracked', () => {
    let now = 0;
    const c = failureCounter({ limit: 3, windowMs: 1000, now: () => now });
    for (let i = 0; i < 1000; i++) c.fail(`10.0.${i >> 8}.${i & 255}`);
    expect(c.tracked).toBe(1000);
    now = 5000;
    c.fail('192.0.2.1');
    expect(c.tracked).toBe(1);
  });
});

describe('loginGuard', () => {
  it('backs an account off after its free failures from many addresses: 1 s, doubling, up to the cap, for new addresses only', () => {
    let now = 1_000_000;
    const g = loginGuard({ accountFree: 3, backoffMs: 1000, maxBackoffMs: 4000, now: () => now });
    g.succeed('carol1', 'home');
    for (let i = 1; i <= 3; i++) {
      expect(g.waitFor('carol1', `x${i}`)).toBe(0);
      g.fail('carol1', `x${i}`);
    }
    const waits = [];
    for (let i = 4; i <= 7; i++) {
      waits.push(g.waitFor('carol1', `x${i}`));
      now += waits.at(-1)!;
      expect(g.waitFor('carol1', `x${i}`)).toBe(0);
      g.fail('carol1', `x${i}`);
    }
    expect(waits).toEqual([1000, 2000, 4000, 4000]);
    expect(g.waitFor('carol1', 'home')).toBe(0); // the owner's known address
    expect(g.waitFor('dave01', 'x9')).toBe(0); // other accounts
  });

  it('forgets the account failures after their window and known addresses after knownMs', () => {
    let now = 0;
    const g = loginGuard({ accountFree: 1, accountWindowMs: 10_000, knownMs: 50_000, now: () => now });
    g.succeed('carol1', 'home');
    g.fail('carol1', 'x1');
    expect(g.waitFor('carol1', 'x2')).toBe(1000);
    now = 10_000;
    expect(g.waitFor('carol1', 'x2')).toBe(0);
    now = 50_000;
    g.fail('carol1', 'x3');
    expect(g.waitFor('carol1', 'home')).toBe(1000); // no longer known: in the backoff like any address
  });

  it('limits a known pair by its own failures only, and other accounts at a busy address by the address', () => {
    const g = loginGuard({ limit: 2, now: () => 0 });
    g.succeed('carol1', 'shared');
    g.fail('dave01', 'shared');
    g.fail('erin01', 'shared');
    expect(g.waitFor('frank1', 'shared')).toBe(60_000); // the address is busy for accounts not known there
    expect(g.waitFor('carol1', 'shared')).toBe(0);
    g.fail('carol1', 'shared');
    g.fail('carol1', 'shared');
    expect(g.waitFor('carol1', 'shared')).toBe(60_000);
    g.succeed('carol1', 'elsewhere');
    expect(g.waitFor('carol1', 'elsewhere')).toBe(0);
  });
});
