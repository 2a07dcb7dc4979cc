/**
 * Each page ships only the stylesheet rules its markup uses (src/server/pages/styles.ts), and names
 * the whole site stylesheet for islands to fetch before they render. An island that loads later
 * must still be styled, no page may fetch the sheet before an island needs it, and the page's
 * Content Security Policy must still name the style it now carries, on static pages (a <meta>) and
 * on-demand ones (a header) alike. Nor may the scripts ask for anything the policy refuses: no
 * policy allows 'unsafe-eval', so zod's schemas must never probe for it.
 */
import { expect, test, type Page } from '@playwright/test';
import { PUBLIC_PAGES, useFormIsland } from './support/public-site.ts';
import { createArticle, deleteArticle } from './support/admin-api';
import { signInToAdminPanel } from './support/admin-sign-in.ts';
import { skipCookieBanner } from './support/cookie-banner.ts';

/** Collects the page's CSP violations (a refused inline style or script would land here). */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

const siteStylesheetLinks = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.getAttribute('href')));

const inlineStylesheetLength = (page: Page) =>
  page.evaluate(() => Math.max(...[...document.querySelectorAll('style')].map((s) => s.textContent?.length ?? 0)));

for (const { name, path } of [...PUBLIC_PAGES, { name: 'Insights', path: '/insights' }]) {
  test(`${name}: the page's cut stylesheet is applied, with no CSP violation`, async ({ page }) => {
    const violations = await recordViolations(page);
    await page.goto(path);
    // The header is laid out by utilities (fixed, full width): unstyled, it would be static.
    expect(await page.locator('header').first().evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    expect(await violations()).toEqual([]);
  });
}

test('an island loaded after the page fetches the whole sheet before it renders, and the admin page keeps it inline', async ({ page }) => {
  await skipCookieBanner(page);
  const violations = await recordViolations(page);
  await page.goto('/admin');
  const whole = await inlineStylesheetLength(page);
  expect(await page.locator('html').getAttribute('data-site-stylesheet')).toBeNull();

  await page.goto('/packages');
  expect(await inlineStylesheetLength(page)).toBeLessThan(whole * 0.6);
  const href = await page.locator('html').getAttribute('data-site-stylesheet');
  expect(href).toMatch(/^\/_astro\/site\.[\w-]{12}\.css$/);
  // Nothing fetches it until an island is wanted.
  expect(await siteStylesheetLinks(page)).toEqual([]);
  expect(await violations()).toEqual([]);
  await page.getByRole('link', { name: 'Start Growing', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Get in Touch' });
  await expect(dialog).toBeVisible();
  // Classes only the dialog island renders: fixed, centred, white, rounded.
  const style = await dialog.evaluate((el) => {
    const s = getComputedStyle(el);
    return { position: s.position, background: s.backgroundColor, radiusSet: s.borderTopLeftRadius !== '0px' };
  });
  expect(style).toEqual({ position: 'fixed', background: 'rgb(255, 255, 255)', radiusSet: true });
  expect(await siteStylesheetLinks(page)).toEqual([href]);
  // Radix's scroll lock adds its rules as a constructed stylesheet: the page behind stops
  // scrolling, and the policy has nothing to refuse.
  const bodyOverflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);
  expect(await bodyOverflow()).toBe('hidden');
  expect(await violations()).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await bodyOverflow()).toBe('visible');
  expect(await page.evaluate(() => document.adoptedStyleSheets.length)).toBe(0);
});

test('the admin panel loads its zod schemas with no CSP violation', async ({ page }) => {
  const violations = await recordViolations(page);
  // The panel's bundle builds the article and service schemas (classic zod objects) as it loads.
  await signInToAdminPanel(page);
  await page.getByRole('button', { name: 'New Article' }).click();
  await expect(page.getByRole('textbox', { name: 'Content' })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('the enquiry and newsletter forms load and run their zod schemas with no CSP violation', async ({ page }) => {
  await skipCookieBanner(page);
  const violations = await recordViolations(page);
  await page.goto('/contact');
  // An address the browser takes but the shared schema refuses: the island's own check answers.
  await useFormIsland(page, 'EnquiryForm');
  const form = page.getByRole('region', { name: 'Send us a message' });
  await form.getByLabel('Email *', { exact: true }).fill('ada@analytical');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Invalid email', { exact: true })).toBeVisible();
  expect(await violations()).toEqual([]);

  await page.goto('/insights');
  await useFormIsland(page, 'NewsletterForm');
  await page.getByRole('textbox', { name: 'Email address' }).fill('not-an-email');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Invalid email')).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('the whole site stylesheet is served as immutable CSS', async ({ page, request }) => {
  await page.goto('/about');
  const href = await page.locator('html').getAttribute('data-site-stylesheet');
  const sheet = await request.get(href!);
  expect(sheet.status()).toBe(200);
  expect(sheet.headers()['content-type']).toMatch(/^text\/css/);
  expect(sheet.headers()['cache-control']).toContain('immutable');
  expect((await sheet.text()).startsWith('/*! tailwindcss')).toBe(true);
});

test('on-demand pages name the same site stylesheet as static ones, and an article page styles its drawer from it', async ({ page, request }) => {
  const article = await createArticle(request, { content: '<h2>A heading</h2><p>A paragraph.</p>', slug: `styled-${Date.now().toString(36)}` });
  try {
    await skipCookieBanner(page);
    await page.goto('/about');
    const href = await page.locator('html').getAttribute('data-site-stylesheet');
    for (const path of ['/insights', '/insights?category=Industry+Trends+%26+Insights', `/insights/${article.slug}`, '/insights/no-such-article']) {
      await page.goto(path);
      expect(await page.locator('html').getAttribute('data-site-stylesheet'), path).toBe(href);
    }
    // The body's typography is in the site stylesheet too (its highest heading is an h2 under the title).
    await page.goto(`/insights/${article.slug}`);
    expect(await page.locator('.article-body h2').evaluate((el) => getComputedStyle(el).fontSize)).toBe('30px');
    // The drawer is an island: it renders only once the named sheet has loaded.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    expect(await drawer.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
  } finally {
    await deleteArticle(request, article.id);
  }
});

test('where the browser has no constructed stylesheets, a dialog still opens and closes; only its <style> is refused', async ({ page }) => {
  await skipCookieBanner(page);
  await page.addInitScript(() => {
    delete (Document.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
  });
  const violations = await recordViolations(page);
  await page.goto('/packages');
  const styleElements = () => page.evaluate(() => document.querySelectorAll('style').length);
  const before = await styleElements();
  await page.getByRole('link', { name: 'Start Growing', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Get in Touch' });
  await expect(dialog).toBeVisible();
  await expect.poll(violations).toEqual(['style-src-elem inline']);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The refused element goes with the dialog, as the package's own did.
  expect(await styleElements()).toBe(before);
});
