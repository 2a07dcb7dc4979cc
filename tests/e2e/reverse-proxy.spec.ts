/**
 * The site opened through a reverse proxy the test starts (as nginx with `proxy_set_header Host
 * $host` and the X-Forwarded-* headers would be): pages, the islands' JSON posts and a plain form
 * post all work at the proxy's address. And a post from another site, by a real browser, is still
 * refused.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { fillEnquiry, validEnquiry, waitForIslands } from './support/public-site.ts';
import { skipCookieBanner } from './support/cookie-banner.ts';
import { toastText } from './support/toasts.ts';

/** Starts a loopback HTTP server on a free port; answers its origin and a stop function. */
async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A reverse proxy to `upstream` that adds X-Forwarded-*. By default it keeps the browser's Host;
 * with `portApart` it sends the upstream's Host and the browser's host name and port apart, as
 * nginx does with `Host $proxy_host`, `X-Forwarded-Host $host` and `X-Forwarded-Port $server_port`.
 */
function startProxy(upstream: URL, { portApart = false } = {}) {
  return listen((req, res) => {
    const headers = { ...req.headers };
    headers['x-forwarded-for'] = [headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    headers['x-forwarded-proto'] = 'http';
    headers['x-forwarded-host'] = req.headers.host;
    if (portApart) {
      headers.host = upstream.host;
      headers['x-forwarded-host'] = new URL(`http://${req.headers.host}`).hostname;
      headers['x-forwarded-port'] = String(req.socket.localPort);
    }
    const forward = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    });
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
}

test.describe('behind a reverse proxy', () => {
  let proxy: Awaited<ReturnType<typeof listen>>;
  let through = 0;
  test.beforeAll(async ({}, testInfo) => {
    const upstream = new URL(String(testInfo.project.use.baseURL));
    const started = await startProxy(upstream);
    proxy = started;
  });
  test.afterAll(() => proxy.stop());
  test.beforeEach(async ({ page }) => {
    await skipCookieBanner(page);
    page.on('response', (r) => {
      if (r.url().startsWith(proxy.origin)) through += 1;
    });
  });

  test('pages, an island enquiry and a plain form sign-up work at the proxy address', async ({ page }) => {
    // Links that leave an on-demand page (canonical, the sitemap) name the address the visitor used.
    await page.goto(`${proxy.origin}/insights`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${proxy.origin}/insights`);
    const sitemap = await (await page.request.get(`${proxy.origin}/sitemap.xml`)).text();
    expect(new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).origin))).toEqual(new Set([proxy.origin]));
    await page.goto(`${proxy.origin}/`);
    await waitForIslands(page);
    await page.getByRole('link', { name: 'Book a Consultation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get in Touch' });
    await fillEnquiry(dialog, { ...validEnquiry, 'Email *': `proxied-${Date.now()}@example.com` });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${proxy.origin}/api/contacts`),
      dialog.getByRole('button', { name: 'Send Message' }).click(),
    ]);
    expect(response.status()).toBe(201);
    await expect(toastText(page, 'Message sent successfully!')).toBeVisible();

    // A plain form post through the proxy: the 303 brings the browser back to the proxy's address.
    await page.route('**/_astro/NewsletterForm*.js', (route) => route.abort());
    await page.goto(`${proxy.origin}/insights`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('textbox', { name: 'Email address' }).fill(`proxied-reader-${Date.now()}@example.com`);
    await page.getByRole('textbox', { name: 'Email address' }).press('Enter');
    await expect(page).toHaveURL(`${proxy.origin}/insights#newsletter-subscribed`);
    expect(through).toBeGreaterThan(10);
  });
});

test.describe('behind a proxy that sends its port apart (X-Forwarded-Port)', () => {
  let proxy: Awaited<ReturnType<typeof listen>>;
  test.beforeAll(async ({}, testInfo) => {
    proxy = await startProxy(new URL(String(testInfo.project.use.baseURL)), { portApart: true });
  });
  test.afterAll(() => proxy.stop());

  test("the page's links name the proxy's port, and its plain form post is the site's own", async ({ page }) => {
    await skipCookieBanner(page);
    await page.route('**/_astro/NewsletterForm*.js', (route) => route.abort());
    await page.goto(`${proxy.origin}/insights`, { waitUntil: 'domcontentloaded' });
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${proxy.origin}/insights`);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', `${proxy.origin}/insights/rss.xml`);
    const sitemap = await (await page.request.get(`${proxy.origin}/sitemap.xml`)).text();
    expect(new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).origin))).toEqual(new Set([proxy.origin]));
    const rss = await (await page.request.get(`${proxy.origin}/insights/rss.xml`)).text();
    expect(/<atom:link href="([^"]+)" rel="self"/.exec(rss)?.[1]).toBe(`${proxy.origin}/insights/rss.xml`);

    // The browser's Origin carries the proxy's port: the site must take it as its own.
    await page.getByRole('textbox', { name: 'Email address' }).fill(`port-apart-${Date.now()}@example.com`);
    const [post] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${proxy.origin}/api/newsletter?return=%2Finsights` && r.request().method() === 'POST'),
      page.getByRole('textbox', { name: 'Email address' }).press('Enter'),
    ]);
    expect([post.request().headers().origin, post.status()]).toEqual([proxy.origin, 303]);
    await expect(page).toHaveURL(`${proxy.origin}/insights#newsletter-subscribed`);
  });
});

test('a form on another site posting to the API is refused', async ({ page, baseURL }) => {
  const attacker = await listen((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>Win a prize</title>
      <form method="post" action="${baseURL}/api/contacts">
        <input name="firstName" value="Eve"><input name="lastName" value="Attacker">
        <input name="email" value="eve@attacker.example"><input name="phone" value="1">
        <input name="company" value="Attacker Ltd"><input name="message" value="Injected">
        <button>Claim</button>
      </form>`);
  });
  try {
    await page.goto(attacker.origin);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${baseURL}/api/contacts`),
      page.getByRole('button', { name: 'Claim' }).click(),
    ]);
    expect(response.request().headers().origin).toBe(attacker.origin);
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual({ error: 'Cross-site request refused' });
  } finally {
    await attacker.stop();
  }
});
