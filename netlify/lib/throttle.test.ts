import { describe, expect, test } from 'vitest';
import { clientNetwork, throttleClientKey, windowStart } from './throttle';

describe('clientNetwork', () => {
  test.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:127.0.0.1', '127.0.0.1'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3:8d3::/64'],
    ['2001:db8:85a3:8d3::1', '2001:db8:85a3:8d3::/64'],
    ['2001:0DB8:0000:0001:ffff::2', '2001:db8:0:1::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
    ['unknown-host', 'unknown-host'],
  ])('reads %s as the network %s', (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });
});

describe('throttleClientKey', () => {
  test('is one key for every address of one IPv6 /64, another for the next /64 and for another scope', () => {
    const key = throttleClientKey('holds_per_ip', '2001:db8:1:2::1');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(throttleClientKey('holds_per_ip', '2001:db8:1:2:ffff:eeee:dddd:cccc')).toBe(key);
    expect(throttleClientKey('holds_per_ip', '2001:db8:1:3::1')).not.toBe(key);
    expect(throttleClientKey('idempotency_keys_per_ip', '2001:db8:1:2::1')).not.toBe(key);
  });
});

describe('windowStart', () => {
  test.each([
    ['2031-05-06T23:59:59.999Z', 86_400, '2031-05-06T00:00:00.000Z'],
    ['2031-05-07T00:00:00.000Z', 86_400, '2031-05-07T00:00:00.000Z'],
    ['2031-05-06T10:59:59.000Z', 3_600, '2031-05-06T10:00:00.000Z'],
  ])('puts %s in the window of %i s starting %s', (now, seconds, start) => {
    expect(windowStart(new Date(now), seconds).toISOString()).toBe(start);
  });
});
