/**
 * The Insights list: server-rendered cards 12 a page, the category filter links and the count line,
 * the pager (rel prev/next, 'Page X of Y'), drafts kept out, one URL per page, and the page without
 * JavaScript. (The empty-list state is in insights-empty.spec.ts, which publishes nothing.)
 *
 * Other spec files may publish articles while these run, so every assertion is about this file's
 * own articles (unique titles) or is computed from what the loaded page itself shows.
 */
import { expect, test, type Page } from '@playwright/test';
import { createArticle, deleteArticle } from './support/admin-api';
import { skipCookieBanner } from './support/cookie-banner.ts';
import type { Article } from '../../src/schemas/article';
import { formatListDate } from '../../src/lib/article-dates';

const RUN = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
const SUCCESS = 'Customer & Partner Success Stories';
const TRENDS = 'Industry Trends & Insights';
/** This file never publishes here, so it is the category most likely to be empty. */

/**
 * Days ahead of now: this file's articles are the newest on the site, so other files' articles,
 * published now while these run, never push them off page 1.
 */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const A_PUBLISHED = daysAhead(20);

const created: Article[] = [];
let successA: Article;
let successB: Article;
let trends: Article;
let draft: Article;

test.beforeAll(async ({ request }) => {
  successA = await createArticle(request, {
    title: `Success story A ${RUN}`,
    category: SUCCESS,
    youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
    publishedAt: A_PUBLISHED,
  });
  successB = await createArticle(request, { title: `Success story B ${RUN}`, category: SUCCESS, slug: `success-b-${RUN}`, publishedAt: daysAhead(30) });
  trends = await createArticle(request, { title: `Trend piece ${RUN}`, category: TRENDS, publishedAt: daysAhead(40) });
  draft = await createArticle(request, { title: `Draft piece ${RUN}`, category: SUCCESS, isPublished: false });
  created.push(successA, successB, trends, draft);
});

test.afterAll(async ({ request }) => {
  for (const article of created) await deleteArticle(request, article.id);
});

test.beforeEach(async ({ page }) => {
  await skipCookieBanner(page);
});

const card = (page: Page, title: string) => page.locator('li[data-article-category]', { hasText: title });
const countLine = (page: Page) => page.getByTestId('insights-count');
const visibleCards = (page: Page) => page.locator('li[data-article-category]:visible');

async function openInsights(page: Page, path = '/insights') {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  return response!;
}

test('lists published articles as cards with links, Video marker and month-year dates; drafts never show', async ({ page }) => {
  await openInsights(page);

  const a = card(page, successA.title);
  await expect(a.getByRole('link', { name: successA.title })).toHaveAttribute('href', `/insights/${successA.id}`);
  await expect(a.getByText('Video', { exact: true })).toBeVisible();
  await expect(a.locator('time')).toHaveText(formatListDate(A_PUBLISHED));
  await expect(a.getByText(SUCCESS, { exact: true })).toBeVisible();
  // A slug makes the card link to the canonical slug URL.
  await expect(card(page, successB.title).getByRole('link', { name: successB.title })).toHaveAttribute('href', `/insights/success-b-${RUN}`);
  await expect(card(page, successB.title).getByText('Video', { exact: true })).toHaveCount(0);

  await expect(page.getByText(draft.title)).toHaveCount(0);

  // Newest first: B and the trend piece were published after A.
  const titles = await page.locator('li[data-article-category] h2').allTextContents();
  expect(titles.indexOf(trends.title)).toBeLessThan(titles.indexOf(successA.title));

  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start a Conversation' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email address' })).toBeVisible();

  await a.getByRole('link', { name: successA.title }).click();
  await expect(page).toHaveURL(`/insights/${successA.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(successA.title);
});

/** The number in the count line: 'Showing N articles' or 'N articles in …'. */
async function countShown(page: Page): Promise<number> {
  return Number(/\d+/.exec((await countLine(page).textContent()) ?? '')?.[0]);
}

test('the category chips filter by exact category and the count line follows', async ({ page }) => {
  await openInsights(page);
  const total = await countShown(page);
  await expect(countLine(page)).toHaveText(`Showing ${total} article${total === 1 ? '' : 's'}`);
  await expect(page.getByRole('link', { name: 'All', exact: true })).toHaveAttribute('aria-current', 'true');

  await page.getByRole('link', { name: SUCCESS, exact: true }).click();
  await expect(page).toHaveURL(`/insights?category=${encodeURIComponent(SUCCESS)}`);
  await expect(card(page, trends.title)).toHaveCount(0);
  const inSuccess = await countShown(page);
  expect(inSuccess).toBeGreaterThanOrEqual(2);
  await expect(visibleCards(page)).toHaveCount(Math.min(inSuccess, 12));
  await expect(countLine(page)).toHaveText(`${inSuccess} articles in ${SUCCESS}`);
  // Its own URL, its own title and description.
  await expect(page).toHaveTitle(`Insights: ${SUCCESS} | Surgere`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', `${SUCCESS}: articles from the senior team at Surgere, a boutique strategic marketing consultancy.`);
  for (const category of await visibleCards(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-article-category')))) {
    expect(category).toBe(SUCCESS);
  }

  await page.getByRole('link', { name: TRENDS, exact: true }).click();
  await expect(card(page, successA.title)).toHaveCount(0);
  const inTrends = await countShown(page);
  await expect(countLine(page)).toHaveText(`${inTrends} article${inTrends === 1 ? '' : 's'} in ${TRENDS}`);

  await page.getByRole('link', { name: 'All', exact: true }).click();
  await expect(page).toHaveURL('/insights');
  // Other tests publish and delete meanwhile: the page agrees with itself.
  const totalNow = await countShown(page);
  await expect(countLine(page)).toHaveText(`Showing ${totalNow} article${totalNow === 1 ? '' : 's'}`);
  await expect(visibleCards(page)).toHaveCount(Math.min(totalNow, 12));
});

test('12 a page: the pager links pages with rel prev/next and reads Page X of Y; each page has one URL', async ({ page, request }) => {
  // Thirteen articles in the one category no other spec publishes in, dated long ago so they never
  // push another spec's articles off the first page of the whole list: that category lists exactly
  // these, on two pages.
  const SPOTLIGHTS = 'Product & Solution Spotlights';
  const list = `/insights?category=${encodeURIComponent(SPOTLIGHTS)}`;
  const paged: Article[] = [];
  try {
    for (let i = 1; i <= 13; i += 1) {
      paged.push(await createArticle(request, { title: `Paged ${i} ${RUN}`, category: SPOTLIGHTS, publishedAt: `1990-01-${String(i).padStart(2, '0')}T00:00:00.000Z` }));
    }
    await openInsights(page, list);
    await expect(countLine(page)).toHaveText(`13 articles in ${SPOTLIGHTS}`);
    await expect(page.locator('li[data-article-category] h2')).toHaveText(paged.slice(1).reverse().map((a) => a.title));
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager.getByText('Page 1 of 2', { exact: true })).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(page.locator('head link[rel="next"]')).toHaveAttribute('href', new RegExp(`/insights\\?category=Product%20%26%20Solution%20Spotlights&page=2$`));
    await expect(page.locator('head link[rel="prev"]')).toHaveCount(0);

    await pager.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(`${list}&page=2`);
    await expect(page.locator('li[data-article-category] h2')).toHaveText([paged[0].title]);
    await expect(pager.getByText('Page 2 of 2', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`Insights: ${SPOTLIGHTS}, page 2 | Surgere`);
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(pager.getByRole('link', { name: 'Previous' })).toHaveAttribute('rel', 'prev');
    await expect(page.locator('head link[rel="prev"]')).toHaveAttribute('href', new RegExp(`/insights\\?category=Product%20%26%20Solution%20Spotlights$`));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/insights\\?category=Product%20%26%20Solution%20Spotlights&page=2$`));
    await pager.getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL(list);

    // Other spellings of a page are sent to its one URL; a page past the last is a 404.
    for (const [asked, canonical] of [
      ['/insights?page=1', '/insights'],
      ['/insights?page=02', '/insights'],
      [`${list}&page=1`, list],
      [`/insights?page=2&category=Nope`, '/insights?page=2'],
      ['/insights?category=product%20%26%20solution%20SPOTLIGHTS&page=2', `${list}&page=2`],
    ] as const) {
      const r = await request.get(asked, { maxRedirects: 0 });
      expect(r.status(), asked).toBe(301);
      const location = new URL(r.headers()['location'], 'http://x');
      expect(location.pathname + location.search, asked).toBe(canonical);
    }
    const past = await page.goto(`${list}&page=3`);
    expect(past?.status()).toBe(404);
    // Not found, like every other 404 of the site: unindexed, and naming no canonical URL of itself.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    await expect(page.locator('meta[property="og:url"]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to the last page' })).toHaveAttribute('href', `${list}&page=2`);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  } finally {
    for (const article of paged) await deleteArticle(request, article.id);
  }
});

test('a repeated parameter is another spelling of a page: sent to its one URL, and that redirect never kept at the CDN', async ({ request }) => {
  const trendsList = `/insights?category=${encodeURIComponent(TRENDS)}`;
  // Whether the CDN may keep the 301: never for a repeated parameter, whose cache key is the
  // platform's reading of it (perhaps the first value: the key of the page it leads to).
  for (const [asked, canonical, cached] of [
    ['/insights?page=2&page=3', '/insights?page=2', false],
    ['/insights?page=2&page=2', '/insights?page=2', false],
    [`${trendsList}&category=Nope`, trendsList, false],
    [`${trendsList}&page=2&category=${encodeURIComponent(TRENDS)}`, `${trendsList}&page=2`, false],
    ['/insights?category', '/insights', true],
  ] as const) {
    const r = await request.get(asked, { maxRedirects: 0 });
    expect(r.status(), asked).toBe(301);
    const location = new URL(r.headers()['location'], 'http://x');
    expect(location.pathname + location.search, asked).toBe(canonical);
    // The CDN's own instructions never reach a client; a browser's Cache-Control says which they were.
    expect(r.headers()['cache-control'], asked).toBe(cached ? 'public, max-age=0, must-revalidate' : 'no-store');
  }
  // Parameters the page does not read, and a '+' for a space (as a platform may re-encode the
  // query), are no other spelling: answered, not redirected.
  for (const same of [`${trendsList}&utm_source=newsletter`, `/insights?utm_source=x&category=${encodeURIComponent(TRENDS)}`, '/insights?category=Thought+Leadership']) {
    const r = await request.get(same, { maxRedirects: 0 });
    expect(r.status(), same).toBe(200);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every article still shows, and a chip link filters on the server', async ({ page }) => {
    await page.goto('/insights');
    await expect(card(page, successA.title)).toBeVisible();
    await expect(card(page, trends.title)).toBeVisible();

    await page.getByRole('link', { name: TRENDS, exact: true }).click();
    await expect(page).toHaveURL(`/insights?category=${encodeURIComponent(TRENDS)}`);
    await expect(card(page, trends.title)).toBeVisible();
    await expect(card(page, successA.title)).toHaveCount(0);
    await expect(countLine(page)).toHaveText(/^\d+ articles? in Industry Trends & Insights$/);
  });
});
