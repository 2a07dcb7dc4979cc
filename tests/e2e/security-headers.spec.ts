// Every kind of answer the built site gives carries the full security header set, as the runtime
// serves it: a static page (netlify.toml's rules), an on-demand page, the 404 page and the answers
// Astro gives before any page (the on-demand function's entry, src/server/pages/on-demand-function.ts),
// JSON answers and errors (the API wrapper) and an uploaded image (its own stricter policy).
// These are the headers Mozilla Observatory scores; with them every answer rates A+ (at a public
// name: at 127.0.0.1, as here, no answer carries HSTS).
import crypto from 'node:crypto';
import { expect, test, type APIResponse } from '@playwright/test';
import { ADMIN_PAGE_HEADERS, API_SECURITY_HEADERS, IMAGE_SECURITY_HEADERS, SECURITY_HEADERS } from '../../src/server/http/security-headers.ts';
import { articleUrl } from '../../src/lib/permalinks.ts';
import { createArticle, deleteArticle } from './support/admin-api.ts';
import { signInThroughApi } from './support/admin-sign-in.ts';

const PAGE_POLICY = SECURITY_HEADERS['Content-Security-Policy']!;
const { 'Content-Security-Policy': _policy, ...SHARED } = SECURITY_HEADERS;

/** The directives of a one-policy header, each with its sources, as `name sources`. */
const directivesOf = (policy: string) => policy.split(';').map((directive) => directive.trim().replace(/\s+/g, ' ')).filter(Boolean);

/** One policy: Astro's own (script and style hashes), joined with every directive of ours. */
function expectPagePolicy(res: APIResponse, label: string) {
  const policy = res.headers()['content-security-policy']!;
  expect(policy, label).not.toContain(',');
  const directives = directivesOf(policy);
  expect(directives.filter((directive) => /^(script|style)-src 'self'( 'sha256-[\w+/=]+')+$/.test(directive)), label).toHaveLength(2);
  for (const directive of directivesOf(PAGE_POLICY)) expect(directives, label).toContain(directive);
}

/**
 * Every header of `expected` with exactly its value, but Strict-Transport-Security: the suite's
 * site is at an address (127.0.0.1), where HSTS is never sent (sendsHsts); at a name it is.
 */
function expectHeaders(res: APIResponse, expected: Readonly<Record<string, string>>, label: string) {
  const headers = res.headers();
  for (const [name, value] of Object.entries(expected)) {
    expect(headers[name.toLowerCase()], `${label}: ${name}`).toBe(name === 'Strict-Transport-Security' ? undefined : value);
  }
}

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('a page, an on-demand page, a JSON answer, an error, an image and a 404 all carry the set', async ({ request }) => {
  const page = await request.get('/about');
  expect(page.status()).toBe(200);
  expectHeaders(page, SECURITY_HEADERS, 'static page');
  // Only the admin panel's page is isolated from other origins' windows.
  expect(page.headers()['cross-origin-opener-policy']).toBeUndefined();
  for (const path of ['/admin', '/admin.html']) {
    const admin = await request.get(path);
    expect(admin.status(), path).toBe(200);
    expectHeaders(admin, { ...SECURITY_HEADERS, ...ADMIN_PAGE_HEADERS }, `admin page ${path}`);
  }

  for (const path of ['/insights', '/services']) {
    const onDemand = await request.get(path);
    expect(onDemand.status(), path).toBe(200);
    expectHeaders(onDemand, SHARED, `on-demand page ${path}`);
    expect(onDemand.headers()['cross-origin-opener-policy'], path).toBeUndefined();
    expectPagePolicy(onDemand, `on-demand page ${path}`);
  }

  const notFound = await request.get('/no-such-page');
  expect(notFound.status()).toBe(404);
  expectHeaders(notFound, SHARED, '404 page');
  expectPagePolicy(notFound, '404 page');

  const json = await request.get('/api/services');
  expect(json.status()).toBe(200);
  expectHeaders(json, API_SECURITY_HEADERS, 'JSON answer');

  const error = await request.post('/api/auth/login', { data: Buffer.from('{"username":'), headers: { 'content-type': 'application/json' } });
  expect(error.status()).toBe(400);
  expectHeaders(error, API_SECURITY_HEADERS, 'JSON error');
  const unknownApi = await request.get('/api/no-such-endpoint');
  expect(unknownApi.status()).toBe(404);
  expectHeaders(unknownApi, API_SECURITY_HEADERS, 'API 404');

  await signInThroughApi(request);
  const { uploadURL } = await (await request.post('/api/objects/upload')).json();
  expect((await request.put(uploadURL, { data: PNG, headers: { 'content-type': 'image/png' } })).status()).toBe(201);
  const image = await request.get(`/objects/uploads/${new URL(uploadURL, 'http://x').pathname.split('/').pop()}`);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
  expectHeaders(image, IMAGE_SECURITY_HEADERS, 'image');
});

test('every page names its encoding, UTF-8: static ones, on-demand ones and the 404', async ({ request }) => {
  // Without a charset a browser must sniff the encoding from the page's first bytes.
  for (const path of ['/', '/about', '/insights', '/services', '/contact', '/no-such-page']) {
    const res = await request.get(path);
    expect(res.headers()['content-type'], path).toBe('text/html; charset=utf-8');
  }
});

test("the on-demand function's own answers, which no page renders, carry the set too", async ({ request }) => {
  // Answers Astro or its Netlify adapter gives before, or instead of, the site's middleware: they
  // carry our policy alone (Astro adds none to them), with the rest of the set.
  const answers: Array<[label: string, response: APIResponse, status: number]> = [
    ['the trailing-slash redirect of a GET', await request.get('/insights/', { maxRedirects: 0 }), 301],
    ['the trailing-slash redirect of a POST', await request.post('/insights/', { maxRedirects: 0 }), 308],
    ['the origin check: a POST with no Origin', await request.post('/admin/logout', { form: { a: '1' } }), 403],
    ['the origin check: a POST from another site', await request.post('/contact', { form: { a: '1' }, headers: { origin: 'https://evil.example' } }), 403],
    ['a path encoded more levels deep than Astro decodes', await request.get(`/insights/%${'25'.repeat(12)}61`), 400],
    // At an address of its own, which the CDN has kept no answer for.
    ['the adapter refusing locals a client wrote', await request.get(`/insights/${crypto.randomUUID()}`, { headers: { 'x-astro-locals': '{}' } }), 403],
  ];
  for (const [label, res, status] of answers) {
    expect(res.status(), label).toBe(status);
    expectHeaders(res, SECURITY_HEADERS, label);
  }
  expect(answers[0]![1].headers()['location']).toBe('/insights');
  // A redirect Astro gives has no body, as the site's others: Astro's own was an HTML page sent as text/plain.
  for (const [label, res] of answers.slice(0, 2)) {
    expect([res.headers()['content-type'], res.headers()['content-length'], await res.text()], label).toEqual([undefined, '0', '']);
  }

  // And the answers a page gives through the middleware: a HEAD, a redirect the page makes, the 404 page.
  const head = await request.head('/insights');
  expect(head.status()).toBe(200);
  expectHeaders(head, SHARED, 'HEAD of an on-demand page');
  expectPagePolicy(head, 'HEAD of an on-demand page');
  const redirect = await request.get('/insights?category=not-a-category', { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  expectHeaders(redirect, SECURITY_HEADERS, "a page's own redirect");
  const missing = await request.get('/insights/no-such-article-anywhere');
  expect(missing.status()).toBe(404);
  expectHeaders(missing, SHARED, 'the 404 page of an on-demand route');
  expectPagePolicy(missing, 'the 404 page of an on-demand route');
});

test("an article's page allows the site's inline scripts alone, not one its text spells out", async ({ request }) => {
  // Astro writes a title into attributes (og:title, the video's title) with its < and > as typed,
  // which is safe markup but reads as a script element to a pattern.
  const injected = 'window.__titleScriptRan=1';
  const article = await createArticle(request, { title: `Markup in a title <script>${injected}</script>`, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' });
  try {
    const page = await request.get(articleUrl(article));
    expect(page.status()).toBe(200);
    expectPagePolicy(page, 'article page');
    const injectedHash = `'sha256-${crypto.createHash('sha256').update(injected).digest('base64')}'`;
    expect(page.headers()['content-security-policy']).not.toContain(injectedHash);
  } finally {
    await deleteArticle(request, article.id);
  }
});

test('a method no page takes (PUT, DELETE, PATCH, OPTIONS) answers 405 naming the ones it does, on a static page and an on-demand one, and renders nothing', async ({ request }) => {
  // Allow per path: the pages a refused plain form post is sent back to read a POST too.
  const cases: Array<[path: string, allow: string]> = [
    ['/about', 'GET, HEAD'],
    ['/services', 'GET, HEAD'],
    ['/insights/no-such-article-anywhere', 'GET, HEAD'],
    ['/sitemap.xml', 'GET, HEAD'],
    ['/contact', 'GET, HEAD, POST'],
    ['/insights?page=2', 'GET, HEAD, POST'],
    ['/insights/', 'GET, HEAD, POST'],
  ];
  for (const [path, allow] of cases) {
    for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const label = `${method} ${path}`;
      const res = await request.fetch(path, { method, data: '{}', headers: { 'content-type': 'application/json' }, maxRedirects: 0 });
      expect([res.status(), res.headers()['allow'], res.headers()['content-type'], res.headers()['cache-control']], label).toEqual([
        405,
        allow,
        'text/html; charset=utf-8',
        'no-store',
      ]);
      expect(await res.text(), label).toContain(`<title>Method Not Allowed</title>`);
      expectHeaders(res, SHARED, label);
    }
  }
  // An /api path no function claims stays the API's JSON 404, whatever the method.
  const api = await request.fetch('/api/no-such-route', { method: 'PUT', data: '{}', headers: { 'content-type': 'application/json' } });
  expect([api.status(), await api.json()]).toEqual([404, { error: 'No API route for /api/no-such-route' }]);
});

test("Astro's origin check refusing a form post to an /api path no function claims answers the API's JSON, not text", async ({ request }) => {
  for (const method of ['POST', 'PUT']) {
    for (const origin of [undefined, 'https://evil.example']) {
      const label = `${method} from ${origin ?? 'no Origin'}`;
      const res = await request.fetch('/api/no-such-route', { method, form: { a: '1' }, headers: origin ? { origin } : {} });
      expect([res.status(), res.headers()['content-type'], await res.json().catch(() => 'not JSON')], label).toEqual([
        403,
        'application/json; charset=utf-8',
        { error: `Cross-site ${method} form submissions are forbidden` },
      ]);
      expectHeaders(res, API_SECURITY_HEADERS, label);
    }
  }
});

test('hostile path parameters answer 404, never 5xx', async ({ request }) => {
  for (const path of ['/insights/%00', '/insights/a%00b', '/insights/%F0%9F%9A%80', '/api/articles/%00', '/api/services/%00', '/objects/uploads/%00']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
  }
});

test("Astro's own image endpoint, which no page links (images go through /.netlify/images), is the Not Found page, not a 500 any client could call up", async ({ request }) => {
  for (const path of ['/_image', '/_image?href=%2Fx.png&w=100', '/_image?href=https%3A%2F%2Fexample.com%2Fa.jpg&w=10&f=webp']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(await res.text(), path).toContain('<title>Page Not Found');
    expectHeaders(res, SHARED, path);
    expectPagePolicy(res, path);
  }
});

test('the CDN keys an on-demand page on the query parameters it reads, and nothing else', async ({ request }) => {
  // /contact reads its enquiry context (?service, ?page, ?ctaButton) and no database: no other
  // test purges it, and a service name of this test's own makes its entry this test's alone.
  const service = `Key test ${crypto.randomUUID()}`;
  const first = await request.get(`/contact?service=${encodeURIComponent(service)}&utm_source=newsletter`);
  expect(first.status()).toBe(200);
  expect(first.headers()['cache-status']).toBe('"Netlify Edge"; fwd=miss; stored');
  const tracked = await request.get(`/contact?fbclid=abc&service=${encodeURIComponent(service)}`, {
    headers: { cookie: `tracker=${crypto.randomUUID()}` },
  });
  expect(tracked.headers()['cache-status']).toBe('"Netlify Edge"; hit');
  const other = await request.get(`/contact?service=${encodeURIComponent(`${service} 2`)}`);
  expect(other.headers()['cache-status']).toBe('"Netlify Edge"; fwd=miss; stored');

  // Any other ?category value would be a cache entry of its own: it is sent to the one list URL.
  const bogus = await request.get('/insights?category=not-a-category', { maxRedirects: 0 });
  expect(bogus.status()).toBe(301);
  expect(bogus.headers()['location']).toBe('/insights');

  // The headers meant for the CDN (the key, the tags, its own cache rule) stay there.
  for (const path of ['/insights?utm_source=x', '/insights/2147483000?utm_source=x', '/insights/rss.xml?random=1', '/sitemap.xml?x=y', '/?utm_source=x', '/api/services']) {
    const res = await request.get(path);
    for (const name of ['netlify-vary', 'netlify-cache-tag', 'netlify-cdn-cache-control']) expect(res.headers()[name], `${path} ${name}`).toBeUndefined();
  }
});
