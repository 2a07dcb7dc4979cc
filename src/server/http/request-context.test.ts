import { describe, expect, it } from 'vitest';
import { clientAddress, sameOriginRefererPath } from './request-context.ts';

const key = (ip?: string) => clientAddress({ params: {}, ...(ip === undefined ? {} : { ip }) });

describe('clientAddress', () => {
  it('keys IPv4 by the address itself, however the socket wrote it', () => {
    expect(key('203.0.113.7')).toBe('203.0.113.7');
    expect(key('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(key('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('keys IPv6 by its /64, so every address of one subscriber block is one client', () => {
    expect(key('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(key('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe('2001:db8:1:2::/64');
    expect(key('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(key('::1')).toBe('0:0:0:0::/64');
    expect(key('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('keys an address written with a port, or in brackets, as the address alone', () => {
    expect(key('203.0.113.7:51234')).toBe('203.0.113.7');
    expect(key('[2001:db8:1:2::1]:51234')).toBe('2001:db8:1:2::/64');
    expect(key('[2001:db8:1:2::9]')).toBe('2001:db8:1:2::/64');
    expect(key('[::ffff:203.0.113.7]:443')).toBe('203.0.113.7');
    // A bare IPv6 address is never read as one with a port.
    expect(key('2001:db8:1:2::1234')).toBe('2001:db8:1:2::/64');
  });

  it('has one key for a missing address and keeps a non-address platform value as it is', () => {
    expect(key(undefined)).toBe('unknown');
    expect(key('')).toBe('unknown');
    expect(key('not-an-address')).toBe('not-an-address');
    expect(key('x'.repeat(300))).toHaveLength(64);
  });
});

describe('sameOriginRefererPath', () => {
  const from = (referer: string) => sameOriginRefererPath(new Request('http://127.0.0.1:4321/api/newsletter', { method: 'POST', headers: { referer } }));

  it("gives a same-origin page's path, and nothing for another origin's", () => {
    expect(from('http://127.0.0.1:4321/insights?page=2')).toBe('/insights');
    expect(from('https://evil.example/insights')).toBeNull();
  });

  it("gives nothing a form's own sourcePage could not be: another host's address, or a path past 200 characters", () => {
    expect(from('http://127.0.0.1:4321//evil.example/path')).toBeNull();
    expect(from('http://127.0.0.1:4321/\\evil.example/path')).toBeNull();
    expect(from(`http://127.0.0.1:4321/${'a'.repeat(200)}`)).toBeNull();
    expect(from(`http://127.0.0.1:4321/${'a'.repeat(199)}`)).toBe(`/${'a'.repeat(199)}`);
  });
});
