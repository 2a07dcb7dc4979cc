/**
 * @axe-core/playwright finds no serious or critical violation on any public page, at phone and
 * desktop widths; and what axe does not judge: marks kept in forced-colors mode, the contrast of
 * a field's edge, and the focus shown where F8 moves it.
 */
import { expect, test } from '@playwright/test';
import { fillEnquiry, PUBLIC_PAGES, routeEnquiries, useFormIsland, waitForIslands } from './support/public-site.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { skipCookieBanner } from './support/cookie-banner.ts';
import { edgeContrast } from './support/contrast.ts';
import { toastText } from './support/toasts.ts';

for (const width of [360, 1280]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const { name, path } of [...PUBLIC_PAGES, { name: 'Insights', path: '/insights' }]) {
      test(`${name} (${path}) with the cookie banner showing`, async ({ page }) => {
        await page.goto(path);
        await waitForIslands(page);
        await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
        expect(await seriousAxeViolations(page)).toEqual([]);
      });
    }

    test('the open enquiry dialog and cookie preferences', async ({ page }) => {
      await page.goto('/');
      await waitForIslands(page);
      await page.getByRole('button', { name: 'Cookie Settings' }).click();
      await expect(page.getByRole('dialog', { name: 'Cookie Preferences' })).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Reject All' }).click();

      await page.getByRole('link', { name: 'Book a Consultation' }).click();
      const dialog = page.getByRole('dialog', { name: 'Get in Touch' });
      await dialog.getByRole('button', { name: 'Send Message' }).click();
      await expect(dialog.getByText('Required').first()).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });
}

test.describe('the open drawer', () => {
  test.use({ viewport: { width: 360, height: 800 } });
  test('has no serious violations', async ({ page }) => {
    await page.goto('/services');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test('forced colors (a Windows contrast theme): filled buttons, the dialog and the current page keep a visible mark', async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await page.goto('/packages');
  await waitForIslands(page);
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  // Backgrounds go in forced colors: a filled button shows by its border alone.
  const acceptBorder = await banner.getByRole('button', { name: 'Accept All' }).evaluate((b) => getComputedStyle(b).borderTopStyle);
  expect(acceptBorder).toBe('solid');
  // The current page, marked by colour on screen, is underlined.
  const current = page.getByRole('banner').getByRole('link', { name: 'Packages', exact: true });
  expect(await current.evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe('underline');
  // A dialog keeps an edge against the page behind it.
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Get in Touch' });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((d) => getComputedStyle(d).borderTopWidth)).toBe('1px');
});

test('forced colors: a text field that has the focus shows it, on the contact form and the newsletter', async ({ page }) => {
  await skipCookieBanner(page);
  await page.emulateMedia({ forcedColors: 'active' });
  // The fields' focus ring is a shadow, which forced colors drop: an outline, in the system's colour, must stand in.
  for (const [path, name] of [['/contact', 'First Name *'], ['/contact', 'Message'], ['/insights', 'Email address']] as const) {
    await page.goto(path);
    const field = page.getByRole('textbox', { name, exact: true });
    await field.focus();
    expect(await field.evaluate((f) => `${getComputedStyle(f).outlineStyle} ${getComputedStyle(f).outlineWidth}`), `${path} ${name}`).toBe('solid 2px');
  }
});

test('the edge of a text field, all that shows where it is, contrasts 3:1 with the card around it (WCAG 1.4.11)', async ({ page }) => {
  await skipCookieBanner(page);
  await page.goto('/contact');
  expect(await edgeContrast(page.getByRole('textbox', { name: 'First Name *', exact: true }))).toBeGreaterThanOrEqual(3);
  await page.goto('/insights');
  expect(await edgeContrast(page.getByRole('textbox', { name: 'Email address', exact: true }))).toBeGreaterThanOrEqual(3);
});

test('forced colors: a tooltip keeps an edge against the page behind it', async ({ page }) => {
  await skipCookieBanner(page);
  await page.emulateMedia({ forcedColors: 'active' });
  await page.goto('/packages');
  await waitForIslands(page);
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Get in Touch' });
  await dialog.getByRole('button', { name: 'Close' }).focus();
  // A dark fill was all that set it apart from the form under it; forced colors paint fills over.
  const tooltip = page.getByRole('tooltip', { name: 'Close' });
  await expect(tooltip).toBeAttached();
  const bubble = page.locator('[data-radix-popper-content-wrapper] > [data-side]');
  expect(await bubble.evaluate((b) => `${getComputedStyle(b).borderTopWidth} ${getComputedStyle(b).borderTopStyle}`)).toBe('1px solid');
});

test('F8 takes the focus to the notifications, and it shows there', async ({ page }) => {
  await skipCookieBanner(page);
  await routeEnquiries(page, 500, { error: 'Something went wrong' });
  await page.goto('/contact');
  await useFormIsland(page, 'EnquiryForm');
  const form = page.getByRole('region', { name: 'Send us a message' });
  await fillEnquiry(form);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(toastText(page, 'Failed to send message')).toBeVisible();
  await page.keyboard.press('F8');
  const region = page.locator(':focus');
  await expect(region).toHaveRole('list');
  expect(await region.evaluate((r) => `${getComputedStyle(r).outlineStyle} ${getComputedStyle(r).outlineWidth}`)).toBe('solid 2px');
});
