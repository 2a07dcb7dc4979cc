/** Helpers shared by the insights-*.spec.ts files. */
import { expect, type Page } from '@playwright/test';

/**
 * Waits until the category filter island has hydrated (Astro drops `ssr` from it then). Only this
 * island: the newsletter form below it hydrates when scrolled into view, maybe never in a test.
 */
export async function waitForFilter(page: Page): Promise<void> {
  await expect(page.locator('astro-island[component-url*="InsightsFilter"]')).not.toHaveAttribute('ssr', /.*/);
}
