/**
 * Pages a visitor's browser restores from its back/forward cache: the page as it was left, scripts
 * and all, with no new load. Playwright turns Chromium's cache off, so this file turns it back on
 * (for its own worker: a launch option cannot change within a file).
 */
import { expect, test, type Page } from '@playwright/test';

test.use({ launchOptions: async ({ launchOptions }, use) => use({ ...launchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] }) });

const banner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });
const analyticsCalls = (page: Page) => page.evaluate(() => (window as unknown as { __analyticsCalls: number }).__analyticsCalls);

test.beforeEach(async ({ page }) => {
  // The global hook an analytics integration would define; counts its calls.
  await page.addInitScript(() => {
    const w = window as unknown as { __analyticsCalls: number; initAnalytics: () => void };
    w.__analyticsCalls = 0;
    w.initAnalytics = () => {
      w.__analyticsCalls += 1;
    };
  });
});

test.use({ viewport: { width: 1280, height: 900 } });

test('Back to a page left while the cookie banner showed, after accepting on the next, shows it without the banner and with analytics', async ({ page }) => {
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
  await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
  await expect(page).toHaveURL('/about');
  await banner(page).getByRole('button', { name: 'Accept All' }).click();
  await expect(banner(page)).toBeHidden();

  // The load event of a page restored from the cache never fires: wait for the navigation alone.
  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL('/');
  // The very page left, restored, not a fresh load of it.
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  await expect(banner(page)).toBeHidden();
  expect(await analyticsCalls(page)).toBe(1);
});

test('Back to a page left while the banner showed, after rejecting on the next, shows it without the banner', async ({ page }) => {
  await page.goto('/services');
  await expect(banner(page)).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
  await page.getByRole('banner').getByRole('link', { name: 'Partners', exact: true }).click();
  await expect(page).toHaveURL('/partners');
  await banner(page).getByRole('button', { name: 'Reject All' }).click();
  await expect(banner(page)).toBeHidden();

  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL('/services');
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  await expect(banner(page)).toBeHidden();
  expect(await analyticsCalls(page)).toBe(0);
});
