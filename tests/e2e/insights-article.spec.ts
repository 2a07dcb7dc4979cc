/**
 * The article page: its content and SEO head, the image and video, the not-found page and its 404,
 * drafts kept out, and a stored XSS payload that must not run.
 */
import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createArticle, deleteArticle, updateArticle } from './support/admin-api';
import { signInThroughApi } from './support/admin-sign-in.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { skipCookieBanner } from './support/cookie-banner.ts';
import type { Article } from '../../src/schemas/article';

const RUN = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
/** An upload's path (a name as uploads have) that holds no image. */
const MISSING_IMAGE = `/objects/uploads/${crypto.randomBytes(16).toString('hex')}`;
const VIDEO_ID = 'dQw4w9WgXcQ';
const created: Article[] = [];

let full: Article;
let video: Article;
let invalidVideo: Article;
let draft: Article;

test.beforeAll(async ({ request }) => {
  full = await createArticle(request, {
    title: `The growth playbook ${RUN}`,
    description: 'How senior-led strategy turns into measurable growth.',
    content:
      '<h2>Start with the customer</h2><p>Positioning is a <strong>choice</strong>.</p><ul><li>Audience</li><li>Offer</li></ul>' +
      '<p><a href="https://example.com/source">A source</a></p>',
    category: 'Industry Trends & Insights',
    readTime: '7 min read',
    isFeatured: true,
    tags: ['growth', 'strategy'],
    slug: `growth-playbook-${RUN}`,
    metaTitle: `Growth playbook meta ${RUN}`,
    metaDescription: 'Meta description for the growth playbook.',
    imageUrl: MISSING_IMAGE,
    publishedAt: '2026-03-05T01:00:00.000Z',
  });
  video = await createArticle(request, {
    title: `A video article ${RUN}`,
    youtubeUrl: `https://www.youtube.com/watch?v=${VIDEO_ID}&t=10s`,
    imageUrl: '/favicon.svg',
    imageAlt: 'The Surgere mark',
  });
  invalidVideo = await createArticle(request, { title: `A bad video link ${RUN}`, youtubeUrl: `https://www.youtube.com/shorts/${VIDEO_ID}` });
  draft = await createArticle(request, { title: `An unpublished draft ${RUN}`, isPublished: false, slug: `draft-${RUN}` });
  created.push(full, video, invalidVideo, draft);
});

test.afterAll(async ({ request }) => {
  for (const article of created) await deleteArticle(request, article.id);
});

test.beforeEach(async ({ page }) => {
  await skipCookieBanner(page);
  // The embed is checked by its markup; the test never needs YouTube itself (and has no network).
  await page.route('https://www.youtube-nocookie.com/**', (route) => route.abort());
});

async function jsonLd(page: Page) {
  return JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? 'null');
}

test('shows the whole article: badges, title, en-AU date, read time, body, tags and the call to action', async ({ page }) => {
  const response = await page.goto(`/insights/${full.id}`);
  expect(response?.status()).toBe(200);

  await expect(page.getByRole('link', { name: 'Back to Insights' })).toHaveAttribute('href', '/insights');
  await expect(page.getByTestId('article-category')).toHaveText('Industry Trends & Insights');
  await expect(page.getByText('Featured', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(full.title);
  await expect(page.getByText('How senior-led strategy turns into measurable growth.')).toBeVisible();
  await expect(page.locator('article time')).toHaveText('5 March 2026');
  await expect(page.getByText('7 min read')).toBeVisible();

  const body = page.locator('.article-body');
  // The body's highest heading (the editor's Heading 2 here) is an h2 under the page's one h1, the title.
  await expect(body.getByRole('heading', { level: 2, name: 'Start with the customer' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(body.locator('strong')).toHaveText('choice');
  await expect(body.locator('li')).toHaveText(['Audience', 'Offer']);
  const external = body.getByRole('link', { name: 'A source' });
  await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  // It opens in a new tab, and says so to whoever cannot see the tab open.
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAccessibleName('A source (opens in a new tab)');
  await expect(external.locator('.sr-only')).toHaveCSS('clip-path', 'inset(50%)');
  await expect(external.locator('.sr-only')).toHaveCSS('width', '1px');

  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['#growth', '#strategy']);
  await expect(page.getByRole('link', { name: 'Get in Touch' })).toHaveAttribute('href', '/contact');

  // The image failed to load, so its frame is hidden rather than showing a broken image.
  await expect(page.locator('[data-image-frame]')).toBeHidden();
});

test('the head carries the SEO fields: meta title and description, slug canonical, Open Graph, Twitter and JSON-LD', async ({ page }) => {
  // Reached by id, the canonical is still the slug URL; the slug URL itself resolves.
  await page.goto(`/insights/${full.id}`);
  await expect(page).toHaveTitle(`Growth playbook meta ${RUN} | Surgere`);
  const head = page.locator('head');
  await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', 'Meta description for the growth playbook.');
  const canonical = await head.locator('link[rel="canonical"]').getAttribute('href');
  expect(new URL(canonical!).pathname).toBe(`/insights/growth-playbook-${RUN}`);
  await expect(head.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(head.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical!);
  // The share image is the article's own, cropped by the image CDN to the 1200 x 630 link previews draw.
  const share = new URL((await head.locator('meta[property="og:image"]').getAttribute('content'))!);
  expect(share.origin).toBe(new URL(canonical!).origin);
  expect(share.pathname).toBe('/.netlify/images');
  expect(Object.fromEntries(share.searchParams)).toMatchObject({ url: MISSING_IMAGE, w: '1200', h: '630', fit: 'cover', fm: 'jpg' });
  await expect(head.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
  await expect(head.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '630');
  await expect(head.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', full.title);
  await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  await expect(head.locator('meta[property="article:published_time"]')).toHaveAttribute('content', '2026-03-05T01:00:00.000Z');

  const ld = await jsonLd(page);
  expect(ld).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Article',
    // The title the page shows, not the search result's meta title.
    headline: full.title,
    image: [share.href],
    datePublished: '2026-03-05T01:00:00.000Z',
    mainEntityOfPage: { '@id': canonical },
    author: { '@type': 'Organization', name: 'Surgere' },
  });

  const bySlug = await page.goto(`/insights/growth-playbook-${RUN}`);
  expect(bySlug?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(full.title);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical!);
});

test('a valid YouTube URL embeds the privacy-enhanced player at 16:9; the image shows when it loads', async ({ page }) => {
  await page.goto(`/insights/${video.id}`);
  const frame = page.getByTestId('article-video').locator('iframe');
  await expect(frame).toHaveAttribute('src', `https://www.youtube-nocookie.com/embed/${VIDEO_ID}`);
  await expect(frame).toHaveAttribute('title', `Video: ${video.title}`);
  const box = await frame.boundingBox();
  expect(box!.width / box!.height).toBeCloseTo(16 / 9, 1);
  await expect(page.getByText('Invalid YouTube URL')).toHaveCount(0);
  // Described, the image is read out with its description, and link previews carry it too.
  await expect(page.locator('[data-image-frame]').getByRole('img', { name: 'The Surgere mark' })).toBeVisible();
  await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', 'The Surgere mark');
});

test("any other video URL shows 'Invalid YouTube URL' and embeds nothing", async ({ page }) => {
  await page.goto(`/insights/${invalidVideo.id}`);
  await expect(page.getByText('Invalid YouTube URL')).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
});

for (const [name, path] of [
  ['an unknown id', '/insights/2147483000'],
  ['an unknown slug', `/insights/no-such-article-${RUN}`],
  ['a malformed id', '/insights/12abc%20!'],
  ['an id beyond the integer range', '/insights/99999999999999999999'],
] as const) {
  test(`${name} gives the 'Article Not Found' page with status 404`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Article Not Found');
    await expect(page.getByText("The article you're looking for doesn't exist or has been removed.")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    // A share of the address must not preview the missing page as the address's own.
    await expect(page.locator('meta[property="og:url"]')).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to Insights' }).click();
    await expect(page).toHaveURL('/insights');
  });
}

test('an address in capitals or with a space around it, or a slug the article had before, moves for good to its page', async ({ page, request }) => {
  const before = await createArticle(request, { title: `A renamed article ${RUN}`, slug: `before-${RUN}` });
  created.push(before);
  const head = (path: string) => page.request.get(path, { maxRedirects: 0 });

  const capitals = await head(`/insights/Before-${RUN.toUpperCase()}`);
  expect(capitals.status()).toBe(301);
  expect(capitals.headers()['location']).toBe(`/insights/before-${RUN}`);
  expect((await head(`/insights/before-${RUN}`)).status()).toBe(200);
  for (const spaced of [`/insights/before-${RUN}%20`, `/insights/%20Before-${RUN}%0A`]) {
    const r = await head(spaced);
    expect([r.status(), r.headers()['location']], spaced).toEqual([301, `/insights/before-${RUN}`]);
  }

  await updateArticle(request, before, { slug: `after-${RUN}` });
  const moved = await head(`/insights/before-${RUN}`);
  expect(moved.status()).toBe(301);
  expect(moved.headers()['location']).toBe(`/insights/after-${RUN}`);
  await page.goto(`/insights/before-${RUN}`);
  await expect(page).toHaveURL(`/insights/after-${RUN}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`A renamed article ${RUN}`);
});

test('a draft is not found by id or slug, nor by the public API', async ({ page }) => {
  for (const path of [`/insights/${draft.id}`, `/insights/draft-${RUN}`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Article Not Found');
    await expect(page.getByText(draft.title)).toHaveCount(0);
  }
  // page.request carries the browser's cookies: a visitor, never signed in.
  const api = await page.request.get(`/api/articles/${draft.id}`);
  expect(api.status()).toBe(404);
  const list = await page.request.get('/api/articles?published=true');
  expect(JSON.stringify(await list.json())).not.toContain(draft.title);
});

test("a signed-in admin sees a draft's page as a preview, never cached or indexed; visitors still get 404", async ({ page, browser, request }) => {
  const path = `/insights/draft-${RUN}`;
  expect((await page.goto(path))?.status()).toBe(404);
  await signInThroughApi(page.request);
  // The CDN keys article pages on the session cookie: a page a visitor's request has just stored is
  // not served to the admin's (retried, since other tests' article writes purge the pages).
  const published = `/insights/${full.id}`;
  await expect(async () => {
    await request.get(published);
    expect((await request.get(published)).headers()['cache-status']).toBe('"Netlify Edge"; hit');
    expect((await page.request.get(published)).headers()['cache-status']).toBe('"Netlify Edge"; fwd=miss; stored');
  }).toPass({ timeout: 20_000 });
  const preview = await page.goto(path);
  expect(preview?.status()).toBe(200);
  expect(preview?.headers()['cache-control']).toBe('no-store');
  await expect(page.getByRole('note')).toHaveText('Draft preview: this article is not published. Only signed-in admins can see this page.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(draft.title);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  // The CDN keys the page on the session cookie: another browser, signed out, is still a visitor.
  const visitor = await browser.newPage();
  const visited = await visitor.goto(new URL(path, page.url()).href);
  expect(visited?.status()).toBe(404);
  await expect(visitor.getByText(draft.title)).toHaveCount(0);
  await visitor.close();
});

test('the article, not-found and filtered list pages have no serious accessibility violations', async ({ page }) => {
  test.slow(); // axe on four pages
  for (const path of [`/insights/${full.id}`, `/insights/${video.id}`, '/insights/2147483000', '/insights?category=Industry%20Trends%20%26%20Insights']) {
    await page.goto(path);
    expect(await seriousAxeViolations(page), path).toEqual([]);
  }
});

test('a stored XSS payload does not run', async ({ page, request }) => {
  const breakout = `</script><script>window.__xss='ld'</script>`;
  const hostile = await createArticle(request, {
    title: `Hostile ${breakout} ${RUN}`.slice(0, 200),
    description: `<img src=x onerror="window.__xss='description'">`,
    // Pictures and embeds (<img onerror>, <iframe srcdoc>, <svg onload>) are refused with a 400 on
    // the way in (tests/integration/articles-admin.test.ts); a stored body holding them is cleaned
    // at render all the same (the XSS corpus of src/server/sanitize-html.test.ts).
    content:
      '<p>Safe text</p>' +
      `<script>window.__xss='script'; alert(2)</script>` +
      `<p onmouseover="window.__xss='handler'">hover me</p>` +
      `<a href="javascript:window.__xss='link'">click me</a>` +
      `<noscript><p title="</noscript><b onmouseover=window.__xss='noscript'>breakout</b>"></noscript>`,
    tags: [`<img src=x onerror="window.__xss='tag'">`],
    youtubeUrl: `javascript:window.__xss='video'`,
    // 200 days ahead: newer than anything but the admin pager test's own (300 days), and in a
    // category that test does not use, so it is on the first page of its category's list.
    category: 'Events & Announcements',
    publishedAt: new Date(Date.now() + 200 * 24 * 60 * 60 * 1000).toISOString(),
  });
  created.push(hostile);

  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));

  const response = await page.goto(`/insights/${hostile.id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByText('Safe text')).toBeVisible();

  const body = page.locator('.article-body');
  await expect(body.locator('img, script, iframe, svg')).toHaveCount(0);
  await expect(page.locator('[onerror], [onload], [onmouseover]')).toHaveCount(0);
  await body.getByText('hover me').hover();
  await body.getByText('click me').click();
  await expect(page.getByText('Invalid YouTube URL')).toBeVisible();

  // The JSON-LD block stayed one data block: the title's </script> did not close it.
  expect(await page.locator('script[type="application/ld+json"]').count()).toBe(1);
  expect((await jsonLd(page)).headline).toBe(hostile.title);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('</script><script>');

  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);

  // The list renders the same fields as text too.
  await page.goto(`/insights?category=${encodeURIComponent('Events & Announcements')}`);
  await expect(page.locator('li[data-article-category]', { hasText: RUN }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test("a title that spells out a style element keeps it as text: it neither styles the page nor leaves the share title", async ({ page, request }) => {
  // Astro writes the title into the head's og:title and twitter:title with its < and > as typed.
  const title = `Why <style>html{background:rgb(255,0,0)}</style> slows you ${RUN}`.slice(0, 200);
  const article = await createArticle(request, { title });
  created.push(article);
  await page.goto(`/insights/${article.id}`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${title} | Surgere`);
  await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute('content', `${title} | Surgere`);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).not.toBe('rgb(255, 0, 0)');
});

test('a paragraph, heading or list item in Arabic or Hebrew reads right to left, its punctuation at its end; English beside it left to right', async ({ page, request }) => {
  // The editor shows each paragraph in the direction of its first letter and stores no direction.
  const article = await createArticle(request, {
    title: `Right to left ${RUN}`,
    content: '<h2>مقدمة</h2><p>مرحبا بالعالم!</p><ul><li>שלום, עולם.</li></ul><p>English stays left.</p>',
  });
  created.push(article);
  await page.goto(`/insights/${article.id}`);
  const body = page.locator('.article-body');
  /** Where the block's words sit in its box, and whether its last character (the punctuation) is at its left. */
  const layout = (text: string) =>
    body.getByText(text, { exact: true }).evaluate((block) => {
      const words = document.createRange();
      words.selectNodeContents(block);
      const last = document.createRange();
      const textNode = block.firstChild!;
      last.setStart(textNode, textNode.textContent!.length - 1);
      last.setEnd(textNode, textNode.textContent!.length);
      const box = block.getBoundingClientRect();
      const run = words.getBoundingClientRect();
      return {
        atRight: Math.abs(run.right - box.right) < 2,
        atLeft: Math.abs(run.left - box.left) < 2,
        endsAtLeft: last.getBoundingClientRect().left - run.left < 2,
      };
    });
  for (const text of ['مقدمة', 'مرحبا بالعالم!', 'שלום, עולם.']) expect(await layout(text), text).toMatchObject({ atRight: true, atLeft: false });
  expect((await layout('مرحبا بالعالم!')).endsAtLeft).toBe(true);
  expect((await layout('שלום, עולם.')).endsAtLeft).toBe(true);
  expect(await layout('English stays left.')).toEqual({ atRight: false, atLeft: true, endsAtLeft: false });
});

test('printed, an article is its own content: no header, footer, banner or call to action, and its links show where they lead', async ({ page }) => {
  await page.goto(`/insights/${full.id}`);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('complementary', { name: 'Ready to turn insight into growth?' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const link = page.locator('.article-body a[href="https://example.com/source"]');
  expect(await link.evaluate((a) => getComputedStyle(a, '::after').content)).toBe('" (https://example.com/source)"');
  expect(await page.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).color)).toBe('rgb(0, 0, 0)');
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('banner')).toBeVisible();
});

test('printed, a video article gives the video\'s address where the player was: a player prints as an empty frame', async ({ page }) => {
  await page.goto(`/insights/${video.id}`);
  const printed = page.getByTestId('article-video-printed');
  await expect(page.getByTestId('article-video')).toBeVisible();
  await expect(printed).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('article-video')).toBeHidden();
  await expect(printed).toBeVisible();
  await expect(printed).toHaveText(`Video: https://www.youtube.com/watch?v=${VIDEO_ID}`);
  await page.emulateMedia({ media: 'screen' });
});
