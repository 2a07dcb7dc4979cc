/** Newsletter sign-up against the real API (the Insights page places the form). */
import { expect, test } from '@playwright/test';
import { skipCookieBanner, toastRegion, toastWithTitle } from './public-helpers';

test.beforeEach(async ({ page }) => {
  await skipCookieBanner(page);
});

test('subscribing twice with the same address in another letter case says it is already subscribed', async ({ page }) => {
  const address = `reader-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto('/insights');
  const email = page.getByRole('textbox', { name: 'Email address' });
  await expect(page.getByText(/first Tuesday of every month/)).toBeVisible();

  await email.fill(address);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(toastWithTitle(page, 'Successfully subscribed!')).toBeVisible();
  await expect(toastRegion(page).getByText("You'll receive our weekly marketing insights.")).toBeVisible();
  await expect(email).toHaveValue('');

  await email.fill(address.toUpperCase());
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(toastWithTitle(page, 'Subscription failed')).toBeVisible();
  await expect(toastRegion(page).getByText(/already subscribed/i)).toBeVisible();
});

test('the button shows an ellipsis and is disabled while subscribing; a failure toasts the fallback text', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/newsletter', async (route) => {
    await held;
    await route.fulfill({ status: 503, body: '' });
  });
  await page.goto('/insights');
  await page.getByRole('textbox', { name: 'Email address' }).fill('someone@example.com');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  const pending = page.getByRole('button', { name: 'Subscribing' });
  await expect(pending).toBeDisabled();
  await expect(pending).toHaveText('…');
  release();
  await expect(toastWithTitle(page, 'Subscription failed')).toBeVisible();
  await expect(toastRegion(page).getByText('Please try again later.')).toBeVisible();
});
