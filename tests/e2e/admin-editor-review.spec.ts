import { expect, test } from '@playwright/test';
import { signInToAdminPanel } from './support/admin-sign-in.ts';
import { skipCookieBanner } from './support/cookie-banner.ts';

// Found reviewing the admin panel as its users would: the editor's link bar and paste, and the
// focus of the Change Password dialog after a refusal.
test.beforeEach(({ page }) => skipCookieBanner(page));

test('Enter on the link bar\'s Cancel cancels: the link is not applied', async ({ page }) => {
  await signInToAdminPanel(page);
  await page.getByRole('button', { name: 'New Article' }).click();
  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await page.keyboard.type('Some text here');
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('https://cancelled.example');
  await page.getByRole('button', { name: 'Cancel', exact: true }).first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Link URL' })).toHaveCount(0);
  await expect(editor.locator('a')).toHaveCount(0);
  await expect(editor).toHaveText('Some text here');
});
