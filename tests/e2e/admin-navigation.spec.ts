/**
 * The panel's place lives in its URL: the tab and the open list's search, filters and page, so a
 * reload, a link copied to a new tab and Back/Forward all come back to where the admin was.
 */
import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './support/admin-credentials.ts';
import { signInThroughApi, signInToAdminPanel } from './support/admin-sign-in.ts';
import { skipCookieBanner } from './support/cookie-banner.ts';
import { toastText } from './support/toasts.ts';

test.beforeEach(({ page }) => skipCookieBanner(page));

const enquiry = (run: string, firstName: string) => ({
  firstName,
  lastName: `Navigator ${run}`,
  email: `${firstName.toLowerCase()}.${run}@example.com`,
  phone: '+61 400 000 000',
  company: 'Brightwater Consulting',
  message: 'Where was I?',
  page: 'Home',
});

test('a reload keeps the Enquiries tab, its search and status filter, and the same rows', async ({ page }) => {
  const run = crypto.randomUUID().slice(0, 8);
  await signInThroughApi(page.request);
  for (const name of ['Grace', 'Alan']) expect((await page.request.post('/api/contacts', { data: enquiry(run, name) })).status()).toBe(201);
  const found = await (await page.request.get(`/api/enquiries?search=Alan.${run}`)).json();
  expect((await page.request.patch(`/api/enquiries/${found.items[0].id}`, { data: { status: 'handled' } })).status()).toBe(200);

  await signInToAdminPanel(page);
  await page.getByRole('tab', { name: 'Enquiries' }).click();
  await page.getByRole('searchbox', { name: 'Search enquiries' }).fill(run);
  await page.getByLabel('Status', { exact: true }).selectOption('handled');
  const rows = page.getByRole('list', { name: 'Enquiries' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`Alan Navigator ${run}`);
  await expect(page).toHaveURL(`/admin?tab=enquiries&search=${run}&status=handled`);

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Enquiries' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('searchbox', { name: 'Search enquiries' })).toHaveValue(run);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('handled');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`Alan Navigator ${run}`);
});

test('Back after switching tabs returns to the previous tab, and Forward to the next', async ({ page }) => {
  await signInToAdminPanel(page);
  await page.getByRole('tab', { name: 'Enquiries' }).click();
  await page.getByRole('tab', { name: 'Subscribers' }).click();
  await expect(page).toHaveURL('/admin?tab=subscribers');

  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Enquiries' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Enquiries', level: 2 })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Articles' })).toHaveAttribute('aria-selected', 'true');
  await page.goForward();
  await expect(page.getByRole('tab', { name: 'Enquiries' })).toHaveAttribute('aria-selected', 'true');
});

test('an unknown tab, a bad page and a hostile search fall back to the defaults, shown as text only', async ({ page }) => {
  await signInThroughApi(page.request);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/admin?tab=nonsense&page=-3');
  await expect(page.getByRole('tab', { name: 'Articles' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL('/admin');

  await page.goto('/admin?tab=subscribers&page=abc&status=<b>x</b>');
  await expect(page.getByRole('tab', { name: 'Subscribers' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('all');
  await expect(page).toHaveURL('/admin?tab=subscribers');

  const hostile = '<img src=x onerror=alert(1)>';
  await page.goto(`/admin?tab=articles&search=${encodeURIComponent(hostile)}`);
  await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue(hostile);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('signing in at a URL naming a tab lands on that tab', async ({ page }) => {
  await page.goto('/admin?tab=subscribers');
  await page.getByLabel('Username', { exact: true }).fill(E2E_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(toastText(page, 'Access granted')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Subscribers' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL('/admin?tab=subscribers');
});
