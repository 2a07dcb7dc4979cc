import fs from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import services from '../../netlify/functions/services.ts';
import { SECURITY_HEADERS } from '../../src/server/security-headers.ts';
import { call } from '../support/call.ts';

describe('security headers', () => {
  it('netlify.toml gives static files exactly the set functions and on-demand pages send', () => {
    const toml = parse(fs.readFileSync(new URL('../../netlify.toml', import.meta.url), 'utf8')) as {
      headers: Array<{ for: string; values: Record<string, string> }>;
    };
    const all = toml.headers.find((h) => h.for === '/*');
    expect(all?.values).toEqual(SECURITY_HEADERS);
  });

  it('the policy forbids plugins, base tags and framing, and HSTS lasts at least a year', () => {
    const csp = SECURITY_HEADERS['Content-Security-Policy']!;
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(d);
    expect(csp).not.toContain('unsafe-inline');
    const maxAge = Number(/max-age=(\d+)/.exec(SECURITY_HEADERS['Strict-Transport-Security']!)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
  });

  it('every API answer carries them', async () => {
    const r = await call(services, '/api/services');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(r.headers.get(name)).toBe(value);
  });
});

describe('withSecurityHeaders', () => {
  it('keeps a page CSP and adds ours beside it, so frame-ancestors still applies', async () => {
    const { withSecurityHeaders } = await import('../../src/server/security-headers.ts');
    const h = withSecurityHeaders(new Headers({ 'Content-Security-Policy': "script-src 'self' 'sha256-abc'" }));
    expect(h.get('content-security-policy')).toBe(`script-src 'self' 'sha256-abc', ${SECURITY_HEADERS['Content-Security-Policy']}`);
    expect(h.get('x-frame-options')).toBe('DENY');
  });
});
