import type { Page } from '@playwright/test';
import { CONSENT_KEY } from '../../../src/lib/cookie-consent.ts';

/** Marks cookie consent as already given so the banner stays out of the way of other tests. */
export async function skipCookieBanner(page: Page): Promise<void> {
  // The script runs in the page, which cannot see this module's imports: the key goes in as its argument.
  await page.addInitScript((key) => window.localStorage.setItem(key, 'rejected'), CONSENT_KEY);
}

/** The cookie consent banner. */
export const cookieBanner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });

/**
 * Defines, before the page's own scripts, the global hook an analytics integration would
 * (`window.initAnalytics`), counting its calls: consent starts analytics through it.
 */
export async function countAnalyticsCalls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __analyticsCalls: number; initAnalytics: () => void };
    w.__analyticsCalls = 0;
    w.initAnalytics = () => {
      w.__analyticsCalls += 1;
    };
  });
}

/** How often the page has called the analytics hook since it loaded (countAnalyticsCalls). */
export const analyticsCalls = (page: Page) => page.evaluate(() => (window as unknown as { __analyticsCalls: number }).__analyticsCalls);
