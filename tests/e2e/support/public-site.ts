/** Helpers for driving the public site: its pages, its islands and its enquiry form. */
import { expect, type Locator, type Page, type Route } from '@playwright/test';

/** Every public page, with its route and a name for test titles. */
export const PUBLIC_PAGES = [
  { name: 'Home', path: '/' },
  { name: 'About', path: '/about' },
  { name: 'Services', path: '/services' },
  { name: 'Packages', path: '/packages' },
  { name: 'Partners', path: '/partners' },
  { name: 'Contact', path: '/contact' },
  { name: 'Cookie Policy', path: '/cookie-policy' },
  { name: 'Privacy Policy', path: '/privacy-policy' },
  { name: 'Terms of Use', path: '/terms-of-use' },
  { name: 'Not found', path: '/no-such-page' },
] as const;

/**
 * Waits until the page's islands that hydrate by themselves have (Astro removes `ssr` once an
 * island has). client:demand ones wait for their first use (see useFormIsland) and client:media
 * ones may never.
 */
export async function waitForIslands(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]:not([client="media"]):not([client="demand"]):not([client="visible"])')).toHaveCount(0);
}

/**
 * Focuses the first field of a form island that hydrates on first use (named by its component file;
 * src/scripts/island-on-use.ts) and waits until it has hydrated.
 */
export async function useFormIsland(page: Page, component: string): Promise<void> {
  const island = page.locator(`astro-island[component-url*="/${component}."]`);
  await island.locator('input:not([type="hidden"]):not([tabindex="-1"]), textarea').first().focus();
  await expect(island).not.toHaveAttribute('ssr', /.*/);
}

export interface CapturedEnquiry {
  payloads: Record<string, unknown>[];
}

/** Answers the enquiry endpoint (POST /api/contacts) with `status` and records each JSON payload. */
export async function routeEnquiries(
  page: Page,
  status = 201,
  body: unknown = { id: 1 },
): Promise<CapturedEnquiry> {
  const captured: CapturedEnquiry = { payloads: [] };
  await page.route('**/api/contacts', async (route: Route) => {
    captured.payloads.push(route.request().postDataJSON() as Record<string, unknown>);
    await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  });
  return captured;
}

export const validEnquiry = {
  'First Name *': 'Ada',
  'Last Name *': 'Lovelace',
  'Email *': 'ada@example.com',
  'Phone *': '+61 400 000 000',
  'Company *': 'Analytical Engines Pty Ltd',
  Message: 'We are planning a product launch and would like a second opinion on positioning.',
} as const;

/** Fills the enquiry form inside `scope` (the dialog or the contact page form). */
export async function fillEnquiry(scope: Page | ReturnType<Page['locator']>, values: Partial<Record<keyof typeof validEnquiry, string>> = validEnquiry) {
  for (const [label, value] of Object.entries(values)) {
    await scope.getByLabel(label, { exact: true }).fill(value);
  }
}


/**
 * Counts the browser's own validation bubbles for `target` (a form or a field): the invalid events
 * that reach it uncancelled. The page's own handler listens on the document, so it runs first.
 */
export async function countBrowserBubbles(target: Locator): Promise<() => Promise<number>> {
  await target.evaluate((element) => {
    const counted = window as unknown as { browserBubbles: number };
    counted.browserBubbles = 0;
    element.addEventListener('invalid', (event) => void (event.defaultPrevented || counted.browserBubbles++), true);
  });
  return () => target.page().evaluate(() => (window as unknown as { browserBubbles: number }).browserBubbles);
}
