/** Newsletter sign-up against the real API (the Insights page places the form). */
import { expect, test } from '@playwright/test';
import { countBrowserBubbles, useFormIsland } from './support/public-site.ts';
import { skipCookieBanner } from './support/cookie-banner.ts';
import { holdRoute } from './support/hold-route.ts';
import { toastRegion, toastText } from './support/toasts.ts';

test.beforeEach(async ({ page }) => {
  await skipCookieBanner(page);
});

test('subscribing twice with the same address in another letter case says it is already subscribed', async ({ page }) => {
  const address = `reader-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto('/insights');
  // The form hydrates on first use; before that, Subscribe posts it natively (see the last test).
  await useFormIsland(page, 'NewsletterForm');
  const email = page.getByRole('textbox', { name: 'Email address' });
  await expect(page.getByText(/first Tuesday of every month/)).toBeVisible();

  await email.fill(address);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(toastText(page, 'Successfully subscribed!')).toBeVisible();
  await expect(toastRegion(page).getByText("You'll receive our weekly marketing insights.")).toBeVisible();
  await expect(email).toHaveValue('');

  await email.fill(address.toUpperCase());
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(toastText(page, 'Subscription failed')).toBeVisible();
  await expect(toastRegion(page).getByText(/already subscribed/i)).toBeVisible();
});

test('the button shows an ellipsis and is disabled while subscribing; a failure toasts the fallback text', async ({ page }) => {
  const release = await holdRoute(page, '**/api/newsletter', (route) => route.fulfill({ status: 503, body: '' }));
  await page.goto('/insights');
  await useFormIsland(page, 'NewsletterForm');
  const email = page.getByRole('textbox', { name: 'Email address' });
  // An invalid address: the field takes the focus, so its message is read out with it.
  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Invalid email')).toBeVisible();
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription('Invalid email');

  await email.fill('someone@example.com');
  await page.getByRole('button', { name: 'Subscribe' }).focus();
  await page.keyboard.press('Enter');
  const pending = page.getByRole('button', { name: 'Subscribing' });
  await expect(pending).toBeDisabled();
  await expect(pending).toHaveText('…');
  // The focus stays on the pending button rather than falling to the page's start.
  await expect(pending).toBeFocused();
  release();
  await expect(toastText(page, 'Subscription failed')).toBeVisible();
  await expect(toastRegion(page).getByText('Please try again later.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeFocused();
});

test('an address typed and submitted with Enter before the form hydrates is subscribed, not dropped', async ({ page, request }) => {
  // The island's code is held back until the end: the browser posts the form itself.
  const release = await holdRoute(page, '**/_astro/NewsletterForm*.js');
  const address = `early-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto('/insights', { waitUntil: 'domcontentloaded' });
  await page.getByRole('textbox', { name: 'Email address' }).fill(address);
  await page.getByRole('textbox', { name: 'Email address' }).press('Enter');
  await expect(page).toHaveURL(/\/insights#newsletter-subscribed$/);
  await expect(page.getByText('Successfully subscribed!')).toBeVisible();
  await expect(page.getByText("You'll receive our weekly marketing insights.")).toBeVisible();
  // It was stored: the same address again is refused as already subscribed.
  const again = await request.post('/api/newsletter', { data: { email: address } });
  expect(again.status()).toBe(409);
  expect(await again.json()).toMatchObject({ error: 'This email address is already subscribed.' });
  release();
});

test("an invalid address sent while the form's code is still loading is marked beside the field once it has, not by the browser's bubble", async ({ page }) => {
  const release = await holdRoute(page, '**/_astro/NewsletterForm*.js');
  await page.goto('/insights', { waitUntil: 'domcontentloaded' });
  const email = page.getByRole('textbox', { name: 'Email address' });
  const bubbles = await countBrowserBubbles(email);
  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  release();
  await expect(email).toHaveAccessibleDescription('Invalid email');
  await expect(email).toBeFocused();
  expect(await bubbles()).toBe(0);
  await expect(page).toHaveURL('/insights');
});

test("an invalid address sent while the form's code cannot be fetched gets the browser's own check after all", async ({ page }) => {
  // Astro retries a failed island import once, with a query string: the pattern refuses that too.
  await page.route(/\/_astro\/NewsletterForm\.[^/]*\.js/, (route) => route.abort());
  await page.goto('/insights', { waitUntil: 'domcontentloaded' });
  const email = page.getByRole('textbox', { name: 'Email address' });
  const bubbles = await countBrowserBubbles(email);
  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect.poll(bubbles).toBe(1);
  await expect(page).toHaveURL('/insights');
});

test('an address sent back by the server, then subscribed by the island, is emptied on success rather than refilled with the refused one', async ({ page }) => {
  // The first press lands before the island hydrates: the browser posts, and the server sends the form back.
  const release = await holdRoute(page, '**/_astro/NewsletterForm*.js');
  await page.goto('/insights', { waitUntil: 'domcontentloaded' });
  const email = page.getByRole('textbox', { name: 'Email address' });
  // The browser accepts an address without a top-level domain; the shared schema does not.
  await email.fill('reader@example');
  await email.press('Enter');
  await expect(page.getByText('Invalid email', { exact: true })).toBeVisible();

  release();
  await useFormIsland(page, 'NewsletterForm');
  await email.fill(`resent-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(toastText(page, 'Successfully subscribed!')).toBeVisible();
  await expect(email).toHaveValue('');
});

test('Subscribe pressed twice while the form\'s code is still loading subscribes once and says so', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/newsletter') && r.method() === 'POST') posts.push(r.postData() ?? '');
  });
  await page.goto('/insights');
  const release = await holdRoute(page, '**/_astro/submit-newsletter*.js');
  await useFormIsland(page, 'NewsletterForm');
  const email = page.getByRole('textbox', { name: 'Email address' });
  await email.fill(`twice-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`);
  await email.press('Enter');
  // Subscribing from the press on, while the form's code is still on its way.
  await expect(page.getByRole('button', { name: 'Subscribing' })).toBeDisabled();
  await email.press('Enter');
  release();
  await expect(toastText(page, 'Successfully subscribed!')).toBeVisible();
  await expect(email).toHaveValue('');
  expect(posts).toHaveLength(1);
  await expect(toastText(page, 'Subscription failed')).toHaveCount(0);
});

test('an address the server refuses is marked beside the field, which takes the focus, as well as in the toast', async ({ page, request }) => {
  const address = `marked-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  expect((await request.post('/api/newsletter', { data: { email: address } })).status()).toBe(201);
  await page.goto('/insights');
  await useFormIsland(page, 'NewsletterForm');
  const email = page.getByRole('textbox', { name: 'Email address' });
  await email.fill(address);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(toastText(page, 'Subscription failed')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('This email address is already subscribed.');
  await expect(email).toBeFocused();
  await expect(email).toHaveValue(address);
});
