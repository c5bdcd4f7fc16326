/** The blockRemoteConnection decision (the API test drives it over a real LAN connection). */
import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isRemoteBlocked } from '../../../src/server/middleware/remote.js';

describe('isLoopbackAddress', () => {
  it.each([['127.0.0.1', true], ['127.8.9.10', true], ['::1', true], ['::ffff:127.0.0.1', true],
    ['192.0.2.2', false], ['::ffff:192.168.1.2', false], ['fd00::2', false], ['0.0.0.0', false], ['::', false], ['1270.0.0.1', false], [undefined, false]] as const)(
    '%s -> %s', (address, loopback) => { expect(isLoopbackAddress(address)).toBe(loopback); });
});

describe('isRemoteBlocked', () => {
  it('blocks only non-loopback clients, only when the setting is on', () => {
    expect(isRemoteBlocked({ blockRemoteConnection: true }, '10.0.0.5')).toBe(true);
    expect(isRemoteBlocked({ blockRemoteConnection: true }, '127.0.0.1')).toBe(false);
    expect(isRemoteBlocked({ blockRemoteConnection: false }, '10.0.0.5')).toBe(false);
  });
});
