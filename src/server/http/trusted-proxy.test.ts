import { describe, expect, it } from 'vitest';
import { parseSiteTrust, parseTrustProxy } from './trusted-proxy.ts';

describe('parseTrustProxy', () => {
  it('reads no forwarded header when unset, empty, 0 or false', () => {
    for (const value of [undefined, '', ' ', '0', 'false', 'FALSE']) expect(parseTrustProxy(value), String(value)).toBeNull();
  });

  it('keeps 1 and true as they always were: whichever peer connects, its last X-Forwarded-For', () => {
    for (const value of ['1', 'true', 'TRUE']) {
      const trust = parseTrustProxy(value)!;
      expect(trust.trusts('203.0.113.50'), value).toBe(true);
      expect(trust.client('203.0.113.50', '198.51.100.1, 192.0.2.7'), value).toBe('192.0.2.7');
      expect(trust.client('203.0.113.50', null), value).toBe('203.0.113.50');
    }
  });

  it('reads forwarded headers only from a listed peer, by address, CIDR range or name', () => {
    const trust = parseTrustProxy('10.0.0.0/8, 192.0.2.10, 2001:db8:5::/48, loopback')!;
    for (const peer of ['10.1.2.3', '::ffff:10.1.2.3', '192.0.2.10', '2001:db8:5:1::9', '127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(trust.trusts(peer), peer).toBe(true);
    for (const peer of ['11.0.0.1', '192.0.2.11', '2001:db8:6::1', '203.0.113.50', 'not-an-address', '']) expect(trust.trusts(peer), peer).toBe(false);
    // A peer not listed is the client, whatever X-Forwarded-For it sends.
    expect(trust.client('203.0.113.50', '198.51.100.1')).toBe('203.0.113.50');
    expect(parseTrustProxy('uniquelocal')!.trusts('172.20.0.2')).toBe(true);
    expect(parseTrustProxy('linklocal')!.trusts('fe80::1%eth0')).toBe(true);
    expect(parseTrustProxy('::ffff:10.0.0.0/104')!.trusts('10.9.9.9')).toBe(true);
  });

  it('walks X-Forwarded-For past every listed proxy: the first other address is the client', () => {
    const trust = parseTrustProxy('10.0.0.0/8')!;
    // Browser 198.51.100.1 -> proxy 10.0.0.5 -> proxy 10.0.0.6 -> the site; the client's own entry before it is its word only.
    expect(trust.client('10.0.0.6', '192.0.2.99, 198.51.100.1, 10.0.0.5')).toBe('198.51.100.1');
    expect(trust.client('10.0.0.6', '198.51.100.1:51234')).toBe('198.51.100.1:51234');
    expect(trust.client('10.0.0.6', '10.0.0.4, 10.0.0.5')).toBe('10.0.0.4');
    expect(trust.client('10.0.0.6', null)).toBe('10.0.0.6');
    // Something that is no address ends the walk: it is what the proxy recorded, and is kept as its key.
    expect(trust.client('10.0.0.6', 'unknown, 10.0.0.5')).toBe('unknown');
  });

  it('refuses at start an entry it cannot read, rather than trusting nobody or everybody by mistake', () => {
    for (const value of ['yes', '10.0.0.0/33', '10.0.0', '10.0.0.1/', '::1/129', '::ffff:10.0.0.0/8', '[::1]', '10.0.0.1:8080', 'proxy.internal', '10.0.0.1, bogus']) {
      expect(() => parseTrustProxy(value), value).toThrow(/^TRUST_PROXY: ".+" is not an address, a CIDR range/);
    }
  });

  it('takes 1 only where no other machine can connect: loopback, by address or as localhost', () => {
    for (const hosts of [['127.0.0.1', '::1'], ['127.0.0.2'], ['::1'], ['localhost'], ['::ffff:127.0.0.1']]) {
      expect(parseSiteTrust('1', hosts)?.trusts('203.0.113.50'), hosts.join()).toBe(true);
    }
    for (const hosts of [['0.0.0.0'], ['::'], ['192.0.2.10'], ['site.internal'], ['127.0.0.1', '0.0.0.0']]) {
      expect(() => parseSiteTrust('1', hosts), hosts.join()).toThrow(/^TRUST_PROXY=1 trusts whichever peer connects, and HOST=.+ lets other machines connect/);
    }
    // A list, or no trust at all, is right on any address.
    expect(parseSiteTrust('10.0.0.5, uniquelocal', ['0.0.0.0'])?.trusts('10.0.0.5')).toBe(true);
    expect(parseSiteTrust(undefined, ['0.0.0.0'])).toBeNull();
  });
});
