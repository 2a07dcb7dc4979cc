/**
 * The admin panel for whoever does not see it as designed: in forced-colors mode (a Windows
 * contrast theme, which drops backgrounds and shadows) every control, state and focus still shows.
 */
import { expect, test } from '@playwright/test';
import { signInToAdminPanel } from './support/admin-sign-in.ts';
import { skipCookieBanner } from './support/cookie-banner.ts';

test.beforeEach(({ page }) => skipCookieBanner(page));

test.describe('forced colors', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active' });
    await signInToAdminPanel(page);
  });

  test('a field and the article editor that have the focus show it', async ({ page }) => {
    const outline = (element: HTMLElement) => `${getComputedStyle(element).outlineStyle} ${getComputedStyle(element).outlineWidth}`;
    // Their focus ring is a shadow, which forced colors drop: an outline, in the system's colour, stands in.
    const search = page.getByRole('searchbox', { name: 'Search articles' });
    await search.focus();
    expect(await search.evaluate(outline)).toBe('solid 2px');
    await page.getByRole('button', { name: 'New Article' }).click();
    const editor = page.getByRole('textbox', { name: 'Content' });
    await editor.focus();
    // The editor's frame (toolbar and text) carries it: the text's own would be clipped by the frame.
    const frame = page.locator('div:has(> div > [role="toolbar"][aria-label="Formatting"])');
    expect(await frame.evaluate(outline)).toBe('solid 2px');
  });
});
