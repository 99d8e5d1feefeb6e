import { describe, expect, it } from 'vitest';
import { networkOf } from './client';
import { maskAddress, maskAddressesIn, maskDeviceId } from './mask';

describe('addresses and devices as support sees them', () => {
  it('hide an IPv4 address’s last number, and an IPv6 address’s groups after its third', () => {
    expect(maskAddress('203.0.113.99')).toBe('203.0.113.*');
    expect(maskAddress('::ffff:203.0.113.99')).toBe('203.0.113.*');
    expect(maskAddress('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3:*');
    expect(maskAddress('2001:db8::1')).toBe('2001:db8:0:*');
    expect(maskAddress('fe80::1%eth0')).toBe('fe80:0:0:*');
    // A network as the fraud signals keep it (an IPv6 /64) hides its household too.
    expect(maskAddress(networkOf('2001:db8:1:2::5'))).toBe('2001:db8:1:*');
    // Anything that is no address is hidden whole rather than shown.
    expect(maskAddress('localhost')).toBe('*');
    expect(maskAddress('')).toBe('*');
  });

  it('hide all of a device id but its first eight characters', () => {
    expect(maskDeviceId('0123456789abcdef0123456789abcdef')).toBe('01234567****');
    expect(maskDeviceId('abc')).toBe('****');
  });

  it('mask every address in a sentence, and leave the rest of it as written', () => {
    expect(
      maskAddressesIn(
        'Signed up or in from the same address (203.0.113.9, 2001:0db8:0001:0002::/64, ::ffff:198.51.100.7) as 3 other accounts in the last 30 days',
      ),
    ).toBe(
      'Signed up or in from the same address (203.0.113.*, 2001:db8:1:*, 198.51.100.*) as 3 other accounts in the last 30 days',
    );
    expect(maskAddressesIn('the address 192.0.2.1')).toBe('the address 192.0.2.*');
    expect(maskAddressesIn('From 2001:db8::1. Then 192.0.2.1.')).toBe('From 2001:db8:0:*. Then 192.0.2.*.');
    expect(maskAddressesIn('a device 0123456789abcdef0123456789abcdef')).toBe('a device 01234567****');
    for (const kept of [
      'a device',
      'At the daily cap of 20 ads for 5 days in a row from 2026-11-23',
      'Asked to withdraw 7 days and 5 hours after signing up',
      'Version 1.2.3 at 10:30',
    ])
      expect(maskAddressesIn(kept)).toBe(kept);
  });
});
