/**
 * Pages a visitor's browser restores from its back/forward cache: the page as it was left, scripts
 * and all, with no new load. Playwright turns Chromium's cache off, so this file turns it back on
 * (for its own worker: a launch option cannot change within a file).
 */
import { expect, test } from '@playwright/test';
import { analyticsCalls, cookieBanner, countAnalyticsCalls } from './support/cookie-banner.ts';

test.use({ launchOptions: async ({ launchOptions }, use) => use({ ...launchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] }) });

test.beforeEach(async ({ page }) => {
  await countAnalyticsCalls(page);
});

test.use({ viewport: { width: 1280, height: 900 } });

test('Back to a page left while the cookie banner showed, after accepting on the next, shows it without the banner and with analytics', async ({ page }) => {
  await page.goto('/');
  await expect(cookieBanner(page)).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
  await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
  await expect(page).toHaveURL('/about');
  await cookieBanner(page).getByRole('button', { name: 'Accept All' }).click();
  await expect(cookieBanner(page)).toBeHidden();

  // The load event of a page restored from the cache never fires: wait for the navigation alone.
  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL('/');
  // The very page left, restored, not a fresh load of it.
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  await expect(cookieBanner(page)).toBeHidden();
  expect(await analyticsCalls(page)).toBe(1);
});

test('Back to a page left while the banner showed, after rejecting on the next, shows it without the banner', async ({ page }) => {
  await page.goto('/services');
  await expect(cookieBanner(page)).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
  await page.getByRole('banner').getByRole('link', { name: 'Partners', exact: true }).click();
  await expect(page).toHaveURL('/partners');
  await cookieBanner(page).getByRole('button', { name: 'Reject All' }).click();
  await expect(cookieBanner(page)).toBeHidden();

  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL('/services');
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  await expect(cookieBanner(page)).toBeHidden();
  expect(await analyticsCalls(page)).toBe(0);
});
