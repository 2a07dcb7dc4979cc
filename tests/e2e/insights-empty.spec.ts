/**
 * The empty states of the Insights list, on the e2e server's fresh, article-less database: real
 * states, not mocked. Playwright runs this file in its own project ('fresh-site') before every
 * other spec (see playwright.config.ts), so nothing has been published yet; the tests run in order
 * and the second publishes exactly one article, which it removes again.
 */
import { expect, test } from '@playwright/test';
import { createArticle, deleteArticle } from './support/admin-api';
import { skipCookieBanner } from './support/cookie-banner.ts';

test.describe.configure({ mode: 'serial' });

test("with no published articles the list says 'No Articles Yet'", async ({ page }) => {
  await skipCookieBanner(page);
  const response = await page.goto('/insights');
  expect(response?.status()).toBe(200);
  await expect(page.locator('li[data-article-category]'), 'this project runs before any spec publishes').toHaveCount(0);

  await expect(page.getByTestId('insights-count')).toHaveText('Showing 0 articles');
  await expect(page.getByRole('heading', { name: 'No Articles Yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Show All Articles' })).toHaveCount(0);
  await expect(page.getByText('Page 1 of 1')).toBeVisible();

  // Every chip of an empty list shows its own empty state with the way back.
  await page.getByRole('link', { name: 'Thought Leadership', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'No Articles in Thought Leadership' })).toBeVisible();
  await page.getByRole('link', { name: 'Show All Articles' }).click();
  await expect(page.getByRole('heading', { name: 'No Articles Yet' })).toBeVisible();

  // A page past the end of an empty list is a 404 that says only that the list is empty: no
  // 'No more articles here' beside it, and no pager counting a page that does not exist.
  const past = await page.goto('/insights?category=Thought%20Leadership&page=3');
  expect(past?.status()).toBe(404);
  await expect(page.getByRole('region', { name: 'Articles' }).getByRole('heading', { level: 2 })).toHaveText(['No Articles in Thought Leadership']);
  await expect(page.getByText('No more articles here')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  await expect(page.locator('head link[rel="prev"]')).toHaveCount(0);
  // Not found, like every other 404 of the site: unindexed, and naming no canonical URL of itself.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
});

test("an empty category beside a published one says 'No Articles in' it, and 'Show All Articles' returns to All", async ({ page, request }) => {
  const article = await createArticle(request, { title: `The only article ${Date.now()}`, category: 'Industry Trends & Insights' });
  try {
    await skipCookieBanner(page);
    await page.goto('/insights');
      await expect(page.getByTestId('insights-count')).toHaveText('Showing 1 article');

    await page.getByRole('link', { name: 'Events & Announcements', exact: true }).click();
    await expect(page.getByTestId('insights-count')).toHaveText('0 articles in Events & Announcements');
    await expect(page.getByRole('heading', { name: 'No Articles in Events & Announcements' })).toBeVisible();
    await expect(page.locator('li[data-article-category]:visible')).toHaveCount(0);

    await page.getByRole('link', { name: 'Show All Articles' }).click();
    await expect(page).toHaveURL('/insights');
    await expect(page.getByRole('heading', { name: 'No Articles in Events & Announcements' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'All', exact: true })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByText(article.title)).toBeVisible();
    await expect(page.getByTestId('insights-count')).toHaveText('Showing 1 article');
  } finally {
    await deleteArticle(request, article.id);
  }
});
