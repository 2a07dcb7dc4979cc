import type { Page } from '@playwright/test';
import { CONSENT_KEY } from '../../../src/lib/cookie-consent.ts';

/** Marks cookie consent as already given so the banner stays out of the way of other tests. */
export async function skipCookieBanner(page: Page): Promise<void> {
  // The script runs in the page, which cannot see this module's imports: the key goes in as its argument.
  await page.addInitScript((key) => window.localStorage.setItem(key, 'rejected'), CONSENT_KEY);
}
