import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '../env.ts';
import { mailLinkOrigin } from './link-origin.ts';

// No configured origin (SITE_URL, Netlify's URL): only a request to this machine names its own.
const saved = { SITE_URL: process.env.SITE_URL, URL: process.env.URL };
beforeEach(() => {
  delete process.env.SITE_URL;
  delete process.env.URL;
  resetEnvCache();
});
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
});

describe('mailLinkOrigin without a configured origin', () => {
  it.each([
    // Names browsers resolve to this machine themselves.
    ['http://localhost:4321/', 'http://localhost:4321'],
    ['http://LocalHost./', 'http://localhost.'],
    ['http://app.localhost:4321/', 'http://app.localhost:4321'],
    // The whole of 127.0.0.0/8, however the address is written (a URL writes it as four decimals).
    ['http://127.0.0.1:4321/', 'http://127.0.0.1:4321'],
    ['http://127.0.0.2:4321/', 'http://127.0.0.2:4321'],
    ['http://127.255.255.254/', 'http://127.255.255.254'],
    ['http://127.1/', 'http://127.0.0.1'],
    ['http://2130706433/', 'http://127.0.0.1'],
    // ::1, and IPv4 loopback as an IPv4-mapped IPv6 address.
    ['http://[::1]:8080/', 'http://[::1]:8080'],
    ['http://[0:0:0:0:0:0:0:1]/', 'http://[::1]'],
    ['http://[::ffff:127.0.0.1]/', 'http://[::ffff:7f00:1]'],
    ['http://[::ffff:127.0.0.2]:4321/', 'http://[::ffff:7f00:2]:4321'],
  ])('takes the origin of a request to %s', (url, origin) => {
    expect(mailLinkOrigin(new Request(url))).toBe(origin);
  });

  it.each([
    'http://www.surgere.example/',
    'http://localhost.surgere.example/',
    'http://mylocalhost/',
    'http://128.0.0.1/',
    'http://126.255.255.255/',
    'http://10.0.0.1/',
    'http://0.0.0.0/',
    'http://[::]/',
    'http://[::2]/',
    'http://[::ffff:10.0.0.1]/',
    // Neither is loopback: IPv4-compatible (deprecated) and the NAT64 prefix reach other machines.
    'http://[::127.0.0.1]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://127.0.0.1.surgere.example/',
  ])('knows no origin for a request to %s', (url) => {
    expect(mailLinkOrigin(new Request(url))).toBeUndefined();
  });
});
