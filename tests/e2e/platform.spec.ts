import { expect, test } from '@playwright/test';

test('the services page is rendered on demand with its heading and its CSP in a header', async ({ page }) => {
  const response = await page.goto('/services');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Services');
  const headers = response!.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  // An on-demand page carries Astro's whole policy (script hashes included) as a header, not a <meta>.
  const csp = headers['content-security-policy'];
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self' 'sha256-/);
  expect(csp).not.toContain("'unsafe-inline'");
  await expect(page.locator('meta[http-equiv="content-security-policy"]')).toHaveCount(0);
});

test('the home page and a brochure page are served statically with their CSP in a <meta>', async ({ page }) => {
  for (const [path, heading] of [
    ['/', 'Strategic Marketing. Purposeful Growth. Real Results.'],
    ['/about', 'About Surgere'],
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    expect(response!.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
    const meta = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
    expect(meta, path).toContain('script-src');
    expect(meta, path).not.toContain("'unsafe-inline'");
  }
});

test('the API answers JSON, including its errors', async ({ request }) => {
  const services = await request.get('/api/services');
  expect(services.status()).toBe(200);
  expect(await services.json()).toHaveLength(7);
  expect(services.headers()['x-content-type-options']).toBe('nosniff');

  const malformed = await request.post('/api/auth/login', { data: Buffer.from('{"username":'), headers: { 'content-type': 'application/json' } });
  expect(malformed.status()).toBe(400);
  expect(await malformed.json()).toEqual({ error: 'Malformed JSON body' });

  const unknown = await request.get('/api/no-such-endpoint');
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ error: 'No API route for /api/no-such-endpoint' });
});

test('an unknown path answers the not-found page with status 404', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  expect(response!.headers()['x-content-type-options']).toBe('nosniff');
});

test('a brochure page has one URL, without a trailing slash, in its links, the sitemap and its canonical tag', async ({ page, request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(paths).toContain('/about');
  expect(paths.filter((p) => p !== '/' && (p.endsWith('/') || p.endsWith('.html')))).toEqual([]);

  // Served at /about with no redirect (the page is built as about.html); /about/ redirects there.
  const about = await request.get('/about', { maxRedirects: 0 });
  expect(about.status()).toBe(200);
  for (const [from, to] of [
    ['/about/', '/about'],
    ['/cookie-policy/', '/cookie-policy'],
    ['/partners/?ref=x', '/partners?ref=x'],
  ]) {
    const r = await request.get(from!, { maxRedirects: 0 });
    expect(r.status(), from).toBe(301);
    expect(r.headers()['location'], from).toBe(to);
  }

  await page.goto('/about');
  const hrefs = await page.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  expect(hrefs.length).toBeGreaterThan(5);
  expect(hrefs.filter((h) => /^\/[^?#]*(\/|\.html)([?#]|$)/.test(h) && h !== '/')).toEqual([]);
});

test('a file has one URL: with a trailing slash it is no file, and the pages\' trailing-slash redirect answers it', async ({ request }) => {
  // Netlify's CDN serves a file at its own path only; a path ending in a slash reaches the pages'
  // function, which redirects it (/favicon.svg/ was served as the icon itself, a second URL).
  for (const [from, to] of [
    ['/favicon.svg/', '/favicon.svg'],
    ['/favicon.ico/?v=2', '/favicon.ico?v=2'],
    ['/about.html/', '/about.html'],
  ]) {
    const r = await request.get(from!, { maxRedirects: 0 });
    expect([r.status(), r.headers()['location']], from).toEqual([301, to]);
  }
  // A built page's own file name is served as the page, as Netlify's CDN serves it; the pages'
  // function answers /500.html as it answers /500, on Netlify as here.
  expect((await request.get('/about.html', { maxRedirects: 0 })).status()).toBe(200);
  expect((await request.get('/500.html', { maxRedirects: 0 })).status()).toBe(500);
});

test('with no public origin configured, each answer names the origin it was asked at; a prerendered page names none', async ({ page, request, baseURL }) => {
  // The suite's site is built without SITE_URL and opened at 127.0.0.1, not at the localhost its
  // build ran on: nothing may point at an address the visitor did not use.
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const origins = new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).origin));
  expect([...origins]).toEqual([baseURL]);
  expect(await (await request.get('/robots.txt')).text()).toContain(`Sitemap: ${baseURL}/sitemap.xml\n`);
  const rss = await (await request.get('/insights/rss.xml')).text();
  expect(/<link>([^<]+)<\/link>/.exec(rss)?.[1]).toBe(`${baseURL}/insights`); // the channel's
  expect(rss).toContain(`<atom:link href="${baseURL}/insights/rss.xml" rel="self"`);

  await page.goto('/insights');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/insights`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}/insights`);
  // Built before any request, /about cannot know where it will be opened.
  await page.goto('/about');
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  await expect(page.locator('meta[property="og:url"]')).toHaveCount(0);
});

test('the icon is served as /favicon.ico and /apple-touch-icon.png, built from the SVG, and every page names the touch icon', async ({ page, request }) => {
  const ico = await request.get('/favicon.ico');
  expect(ico.status()).toBe(200);
  const icoBytes = await ico.body();
  // An ICO file of three PNG images: 16, 32 and 48 px.
  expect([...icoBytes.subarray(0, 6)]).toEqual([0, 0, 1, 0, 3, 0]);
  expect([0, 1, 2].map((i) => icoBytes[6 + 16 * i])).toEqual([16, 32, 48]);
  const first = icoBytes.readUInt32LE(6 + 12);
  expect(icoBytes.subarray(first, first + 8).toString('hex')).toBe('89504e470d0a1a0a');

  const touch = await request.get('/apple-touch-icon.png');
  expect(touch.status()).toBe(200);
  expect(touch.headers()['content-type']).toBe('image/png');
  const png = await touch.body();
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  // The IHDR chunk: 180 x 180.
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([180, 180]);

  for (const path of ['/', '/services']) {
    await page.goto(path);
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png');
  }
});
