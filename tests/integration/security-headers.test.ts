import fs from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import login from '../../netlify/functions/auth-login.ts';
import me from '../../netlify/functions/auth-me.ts';
import issue from '../../netlify/functions/objects-upload.ts';
import target from '../../netlify/functions/objects-upload-target.ts';
import serve from '../../netlify/functions/objects-serve.ts';
import services from '../../netlify/functions/services.ts';
import { ADMIN_PAGE_HEADERS, API_SECURITY_HEADERS, IMAGE_SECURITY_HEADERS, SECURITY_HEADERS } from '../../src/server/http/security-headers.ts';
import { adminSession } from '../support/admin-session.ts';
import { call } from '../support/call.ts';
import { apiNotFound } from '../support/api-not-found.ts';

// A real 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Every header of `expected`, with exactly its value (one CSP, not two policies appended). */
function expectHeaders(headers: Headers, expected: Readonly<Record<string, string>>, label: string) {
  for (const [name, value] of Object.entries(expected)) expect(headers.get(name), `${label}: ${name}`).toBe(value);
}

describe('security headers', () => {
  it('netlify.toml gives static files exactly the set functions and on-demand pages send', () => {
    const toml = parse(fs.readFileSync(new URL('../../netlify.toml', import.meta.url), 'utf8')) as {
      headers: Array<{ for: string; values: Record<string, string> }>;
    };
    const all = toml.headers.find((h) => h.for === '/*');
    expect(all?.values).toEqual(SECURITY_HEADERS);
    expect(toml.headers.find((h) => h.for === '/admin')?.values).toEqual(ADMIN_PAGE_HEADERS);
    expect(toml.headers.find((h) => h.for === '/admin.html')?.values).toEqual(ADMIN_PAGE_HEADERS);
    expect(toml.headers.map((h) => h.for)).toEqual(['/*', '/admin', '/admin.html']);
  });

  it('the policy forbids plugins, base tags and framing, and HSTS lasts at least a year', () => {
    const csp = SECURITY_HEADERS['Content-Security-Policy']!;
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(d);
    expect(csp).not.toContain('unsafe-inline');
    const maxAge = Number(/max-age=(\d+)/.exec(SECURITY_HEADERS['Strict-Transport-Security']!)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
  });

  it('every JSON answer carries the shared set with default-src and frame-ancestors none', async () => {
    expect(API_SECURITY_HEADERS['Content-Security-Policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const answers = {
      'a JSON answer': await call(services, '/api/services'),
      'a 400': await call(login, '/api/auth/login', { method: 'POST', rawBody: '{', headers: { 'content-type': 'application/json' } }),
      'a 401': await call(me, '/api/auth/me'),
      'a 404': await call(apiNotFound, '/api/no-such-route'),
      'a 405': await call(services, '/api/services', { method: 'PATCH' }),
      'a 404 for an unknown image': await call(serve, '/objects/uploads/0123456789abcdef0123456789abcdef', { params: { name: '0123456789abcdef0123456789abcdef' } }),
    };
    expect(Object.values(answers).map((r) => r.status)).toEqual([200, 400, 401, 404, 405, 404]);
    for (const [label, r] of Object.entries(answers)) {
      expect(r.headers.get('content-type'), label).toBe('application/json; charset=utf-8');
      expectHeaders(r.headers, API_SECURITY_HEADERS, label);
    }
  });

  it('an uploaded image carries the shared set and a sandboxing policy', async () => {
    const { cookie } = await adminSession();
    const issued = await call(issue, '/api/objects/upload', { method: 'POST', headers: { cookie } });
    const url = new URL(issued.json.uploadURL, 'http://localhost:4321');
    const name = url.pathname.split('/').pop()!;
    const stored = await call(target, url.pathname + url.search, { method: 'PUT', rawBody: PNG, headers: { 'content-type': 'image/png' }, params: { name } });
    expect(stored.status).toBe(201);
    const image = await call(serve, `/objects/uploads/${name}`, { params: { name } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(IMAGE_SECURITY_HEADERS['Content-Security-Policy']).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    expectHeaders(image.headers, IMAGE_SECURITY_HEADERS, 'image');
    // Everything but the policy is the set every page gets.
    const { 'Content-Security-Policy': _page, ...shared } = SECURITY_HEADERS;
    expectHeaders(image.headers, shared, 'image');
  });
});

describe('withSecurityHeaders', () => {
  it("joins ours into a page's own CSP, so frame-ancestors still applies", async () => {
    const { withSecurityHeaders } = await import('../../src/server/http/security-headers.ts');
    const h = withSecurityHeaders(new Headers({ 'Content-Security-Policy': "default-src 'self';object-src 'none'; script-src 'self' 'sha256-abc';" }));
    expect(h.get('content-security-policy')).toBe(
      "default-src 'self'; object-src 'none'; script-src 'self' 'sha256-abc'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
    );
    expect(h.get('x-frame-options')).toBe('DENY');
    // Joined once: a second pass finds frame-ancestors there and changes nothing.
    expect(withSecurityHeaders(new Headers(h)).get('content-security-policy')).toBe(h.get('content-security-policy'));
  });

  it('adds ours as a second policy where the page sets one of our directives otherwise', async () => {
    const { withSecurityHeaders } = await import('../../src/server/http/security-headers.ts');
    const h = withSecurityHeaders(new Headers({ 'Content-Security-Policy': "script-src 'self'; form-action https:" }));
    expect(h.get('content-security-policy')).toBe(`script-src 'self'; form-action https:, ${SECURITY_HEADERS['Content-Security-Policy']}`);
  });

  it('leaves a policy that already forbids framing (an API answer) as it is', async () => {
    const { withSecurityHeaders, API_SECURITY_HEADERS } = await import('../../src/server/http/security-headers.ts');
    const h = withSecurityHeaders(new Headers({ 'Content-Security-Policy': API_SECURITY_HEADERS['Content-Security-Policy']! }));
    expect(h.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
