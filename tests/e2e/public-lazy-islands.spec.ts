/**
 * React only when it is used: on a brochure page a returning visitor (cookie choice stored) loads
 * no React and no island until opening the drawer or the enquiry dialog or touching a form; the cookie banner's code
 * loads only for a visitor without a stored choice; and the click that fetches an island is the
 * one it opens for, however slowly its code arrives.
 */
import { expect, test, type Page } from '@playwright/test';
import { skipCookieBanner } from './support/cookie-banner.ts';
import { holdRoute } from './support/hold-route.ts';

/** Records the URL path of every script the page requests. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** The React renderer and the island modules the page would load on demand. */
async function islandCode(page: Page) {
  const islands = page.locator('astro-island');
  const renderer = await islands.first().getAttribute('renderer-url');
  const components = await islands.evaluateAll((els) => els.map((el) => el.getAttribute('component-url')));
  expect(renderer).toMatch(/^\/_astro\/.+\.js$/);
  expect(components.length).toBeGreaterThan(0);
  return { renderer: renderer!, components: components.filter((c): c is string => c !== null) };
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // Anything that waits for an idle moment after load would have started by now.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 300))));
  await page.waitForLoadState('networkidle');
}

test.describe('a returning visitor on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('loads no React or island until the menu opens, then the drawer at once', async ({ page }) => {
    await skipCookieBanner(page);
    const scripts = recordScripts(page);
    await page.goto('/about');
    await settle(page);
    const { renderer, components } = await islandCode(page);
    expect(scripts).not.toContain(renderer);
    for (const component of components) expect(scripts).not.toContain(component);
    expect(scripts.some((s) => s.includes('CookieBannerCode'))).toBe(false);
    // Not even Astro's island runtime: the page names its file and leaves it to the first demand.
    const runtime = await page.locator('html').getAttribute('data-island-runtime');
    expect(runtime).toMatch(/^\/_astro\/astro-island\.[\w-]{12}\.js$/);
    expect(scripts).not.toContain(runtime);
    expect(await page.evaluate(() => customElements.get('astro-island') === undefined)).toBe(true);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(scripts).toContain(renderer);
    expect(scripts).toContain(runtime);
    expect(await page.evaluate(() => customElements.get('astro-island') !== undefined)).toBe(true);
  });

  test('loads no React until an enquiry trigger is clicked, and that click opens the dialog', async ({ page }) => {
    await skipCookieBanner(page);
    const scripts = recordScripts(page);
    await page.goto('/packages');
    await settle(page);
    const { renderer } = await islandCode(page);
    expect(scripts).not.toContain(renderer);

    await page.getByRole('link', { name: 'Start Growing', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Get in Touch' })).toBeVisible();
    expect(scripts).toContain(renderer);
  });
});

for (const { path, field } of [
  { path: '/contact', field: 'First Name *' },
  { path: '/insights', field: 'Email address' },
]) {
  test(`${path} loads no React until its form is first touched, then the form's island`, async ({ page }) => {
    await skipCookieBanner(page);
    const scripts = recordScripts(page);
    await page.goto(path);
    await settle(page);
    const { renderer } = await islandCode(page);
    expect(scripts).not.toContain(renderer);

    await page.getByLabel(field, { exact: true }).focus();
    await expect(page.locator('astro-island[client="demand"]:not([ssr])')).toHaveCount(1);
    expect(scripts).toContain(renderer);
  });
}

test('a first visit loads the cookie banner code and shows the banner, still without React', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/services');
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  await settle(page);
  const { renderer } = await islandCode(page);
  expect(scripts.some((s) => s.includes('CookieBannerCode'))).toBe(true);
  expect(scripts).not.toContain(renderer);
});

test('a click on Cookie Settings while the modal code is held back opens the modal once it arrives', async ({ page }) => {
  const release = await holdRoute(page, '**/_astro/CookiePreferences*.js');
  await page.goto('/');
  await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Cookie Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Cookie Preferences' })).toHaveCount(0);
  release();
  await expect(page.getByRole('dialog', { name: 'Cookie Preferences' })).toBeVisible();
});
