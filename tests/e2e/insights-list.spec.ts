/**
 * The Insights list: server-rendered cards, the category filter island and its count line, the
 * empty-category state, drafts kept out, and the page without JavaScript. (The empty-list state is
 * in insights-empty.spec.ts, which publishes nothing.)
 *
 * Other spec files may publish articles while these run, so every assertion is about this file's
 * own articles (unique titles) or is computed from what the loaded page itself shows.
 */
import { expect, test, type Page } from '@playwright/test';
import { createArticle, deleteArticle } from './support/admin-api';
import { skipCookieBanner } from './public-helpers';
import type { Article } from '../../src/schemas/article';
import { waitForFilter } from './insights-helpers';

const RUN = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
const SUCCESS = 'Customer & Partner Success Stories';
const TRENDS = 'Industry Trends & Insights';
/** This file never publishes here, so it is the category most likely to be empty. */

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
    publishedAt: '2026-03-05T01:00:00.000Z',
  });
  successB = await createArticle(request, { title: `Success story B ${RUN}`, category: SUCCESS, slug: `success-b-${RUN}` });
  trends = await createArticle(request, { title: `Trend piece ${RUN}`, category: TRENDS });
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
  await waitForFilter(page);
  return response!;
}

test('lists published articles as cards with links, Video marker and month-year dates; drafts never show', async ({ page }) => {
  const response = await openInsights(page);
  // Served on demand with CDN caching under the articles tag (purged on every write).
  expect(response.headers()['netlify-cache-tag']).toBe('articles');
  expect(response.headers()['netlify-cdn-cache-control']).toContain('stale-while-revalidate');

  const a = card(page, successA.title);
  await expect(a.getByRole('link', { name: successA.title })).toHaveAttribute('href', `/insights/${successA.id}`);
  await expect(a.getByText('Video', { exact: true })).toBeVisible();
  await expect(a.locator('time')).toHaveText('March 2026');
  await expect(a.getByText(SUCCESS, { exact: true })).toBeVisible();
  // A slug makes the card link to the canonical slug URL.
  await expect(card(page, successB.title).getByRole('link', { name: successB.title })).toHaveAttribute('href', `/insights/success-b-${RUN}`);
  await expect(card(page, successB.title).getByText('Video', { exact: true })).toHaveCount(0);

  await expect(page.getByText(draft.title)).toHaveCount(0);

  // Newest first: B and the trend piece were published after A's back-dated March.
  const titles = await page.locator('li[data-article-category] h2').allTextContents();
  expect(titles.indexOf(trends.title)).toBeLessThan(titles.indexOf(successA.title));

  await expect(page.getByText('Page 1 of 1')).toBeVisible();
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  for (const button of await pagination.getByRole('button').all()) await expect(button).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Start a Conversation' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email address' })).toBeVisible();

  await a.getByRole('link', { name: successA.title }).click();
  await expect(page).toHaveURL(`/insights/${successA.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(successA.title);
});

test('the category chips filter by exact category and the count line follows', async ({ page }) => {
  await openInsights(page);
  const total = await page.locator('li[data-article-category]').count();
  await expect(countLine(page)).toHaveText(`Showing ${total} article${total === 1 ? '' : 's'}`);
  await expect(page.getByRole('link', { name: 'All', exact: true })).toHaveAttribute('aria-current', 'true');

  await page.getByRole('link', { name: SUCCESS, exact: true }).click();
  await expect(page).toHaveURL(`/insights?category=${encodeURIComponent(SUCCESS)}`);
  await expect(card(page, successA.title)).toBeVisible();
  await expect(card(page, successB.title)).toBeVisible();
  await expect(card(page, trends.title)).toBeHidden();
  const inSuccess = await visibleCards(page).count();
  expect(inSuccess).toBeGreaterThanOrEqual(2);
  await expect(countLine(page)).toHaveText(`${inSuccess} articles in ${SUCCESS}`);
  for (const category of await visibleCards(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-article-category')))) {
    expect(category).toBe(SUCCESS);
  }

  await page.getByRole('link', { name: TRENDS, exact: true }).click();
  await expect(card(page, trends.title)).toBeVisible();
  await expect(card(page, successA.title)).toBeHidden();
  const inTrends = await visibleCards(page).count();
  await expect(countLine(page)).toHaveText(`${inTrends} article${inTrends === 1 ? '' : 's'} in ${TRENDS}`);

  await page.getByRole('link', { name: 'All', exact: true }).click();
  await expect(page).toHaveURL('/insights');
  await expect(countLine(page)).toHaveText(`Showing ${total} article${total === 1 ? '' : 's'}`);
  await expect(visibleCards(page)).toHaveCount(total);
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
    await expect(card(page, successA.title)).toBeHidden();
    await expect(countLine(page)).toHaveText(/^\d+ articles? in Industry Trends & Insights$/);
  });
});
