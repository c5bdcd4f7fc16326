/** The failure counter behind login throttling, on an injected clock (ms). */
import { describe, expect, it } from 'vitest';
import { failureCounter } from '../../../src/server/middleware/throttle.js';

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
