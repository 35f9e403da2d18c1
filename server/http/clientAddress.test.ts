import { describe, expect, it } from 'vitest';
import { clientAddressOf } from './clientAddress.ts';

describe('the client address the limits count', () => {
  it('keeps IPv4 (and IPv4 inside IPv6) as it is', () => {
    expect(clientAddressOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const net = '2001:db8:1:2::/64';
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:a:b:c:d',
      '2001:db8:1:2::1%eth0',
    ])
      expect(clientAddressOf(ip), ip).toBe(net);
    expect(clientAddressOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientAddressOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressOf('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressOf('64:ff9b::198.51.100.1')).toBe('64:ff9b:0:0::/64');
  });
});
