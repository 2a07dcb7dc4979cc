/**
 * The empty Insights list: 'No Articles Yet'. This file publishes nothing, so on the e2e server's
 * fresh, article-less database the state is real, not mocked.
 *
 * Limitation: spec files run in parallel against one server, and others publish articles; when
 * this runs after them the list is not empty and the test is skipped with the reason recorded.
 * `npx playwright test tests/e2e/insights-empty.spec.ts` always exercises it. The rendering of the
 * state is also unit-tested in src/islands/insights/InsightsFilter.test.tsx.
 */
import { expect, test } from '@playwright/test';
import { skipCookieBanner } from './public-helpers';
import { waitForFilter } from './insights-helpers';

test("with no published articles the list says 'No Articles Yet'", async ({ page }) => {
  await skipCookieBanner(page);
  const response = await page.goto('/insights');
  expect(response?.status()).toBe(200);
  await waitForFilter(page);
  const total = await page.locator('li[data-article-category]').count();
  test.skip(total > 0, `${total} articles were published by other spec files before this ran`);

  await expect(page.getByTestId('insights-count')).toHaveText('Showing 0 articles');
  await expect(page.getByRole('heading', { name: 'No Articles Yet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show All Articles' })).toHaveCount(0);
  await expect(page.getByText('Page 1 of 1')).toBeVisible();

  // Every chip of an empty list shows its own empty state with the way back.
  await page.getByRole('link', { name: 'Thought Leadership', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'No Articles in Thought Leadership' })).toBeVisible();
  await page.getByRole('button', { name: 'Show All Articles' }).click();
  await expect(page.getByRole('heading', { name: 'No Articles Yet' })).toBeVisible();
});
