/**
 * A lead's whole path through the production build: a visitor sends an enquiry from the site, the
 * firm's notice of it is written to DATA_DIR/outbox as an .eml (no SMTP_URL on the e2e server), and
 * an admin finds it in the Enquiries tab (with the tab's badge), opens it, marks it handled and
 * exports the inbox as CSV.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { E2E_ADMIN } from './support/admin-credentials.ts';
import { fillEnquiry, skipCookieBanner, toastWithTitle, validEnquiry, waitForIslands } from './public-helpers';

// The e2e server's data folder (playwright.config.ts).
const OUTBOX = path.join(os.tmpdir(), `site-e2e-${Number(process.env.E2E_PORT || 4399)}`, 'outbox');

test('an enquiry sent from the site reaches the Enquiries tab, its notice the outbox, and the CSV export', async ({ page }) => {
  const run = crypto.randomBytes(4).toString('hex');
  const lastName = `Lovelace ${run}`;
  const email = `ada.${run}@example.com`;
  const company = `=Engines ${run}`;
  await skipCookieBanner(page);

  // 1. A visitor sends the enquiry from the home page's hero button.
  await page.goto('/');
  await waitForIslands(page);
  await page.getByRole('link', { name: 'Free Marketing Strategy Assessment', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Get in Touch' });
  await fillEnquiry(form, { ...validEnquiry, 'Last Name *': lastName, 'Email *': email, 'Company *': company, Message: `Line one ${run}\nLine two` });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(toastWithTitle(page, 'Message sent successfully!')).toBeVisible();

  // 2. The notice was written after the answer as an RFC 5322 message naming the person.
  await expect
    .poll(() => (fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((f) => f.endsWith('.eml') && fs.readFileSync(path.join(OUTBOX, f), 'utf8').includes(email)) : []), {
      message: `an .eml for ${email} in ${OUTBOX}`,
    })
    .toHaveLength(1);
  const eml = fs.readFileSync(path.join(OUTBOX, fs.readdirSync(OUTBOX).find((f) => fs.readFileSync(path.join(OUTBOX, f), 'utf8').includes(email))!), 'utf8');
  expect(eml).toContain(`Reply-To: ${email}`);
  expect(eml).toMatch(new RegExp(`^Subject: New enquiry from Ada ${lastName} \\(=Engines ${run}\\)`, 'm'));
  expect(eml).toContain('To: hello@surgere.com.au');

  // 3. The admin signs in and sees the badge counting new enquiries.
  expect((await page.request.post('/api/auth/login', { data: { username: E2E_ADMIN.email, password: E2E_ADMIN.password } })).status()).toBe(200);
  await page.goto('/admin');
  const tab = page.getByRole('tab', { name: /^Enquiries/ });
  await expect(tab).toBeVisible();
  const badge = tab.getByTestId('enquiries-badge');
  await expect(badge).toHaveText(/^[1-9]\d*, \d+ new$/);

  // 4. The inbox lists it, newest first, with where it came from; search finds it server-side.
  await tab.click();
  const list = page.getByRole('list', { name: 'Enquiries' });
  await page.getByRole('searchbox', { name: 'Search enquiries' }).fill(run);
  const row = list.getByRole('listitem').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(row).toContainText(`${email} · =Engines ${run} · Marketing Strategy Assessment`);
  await expect(row).toContainText('Home · Free Marketing Strategy Assessment');
  // The New label beside the name (the status control holds the word too, as an option).
  const newLabel = row.getByRole('heading').locator('..').getByText('New', { exact: true });
  await expect(newLabel).toBeVisible();
  await expect(row.getByLabel(`Status of Ada ${lastName}'s enquiry`)).toHaveValue('new');

  // 5. Opening it shows every field, the whole message and a reply link.
  await row.getByRole('button', { name: `Open Ada ${lastName}'s enquiry` }).click();
  const dialog = page.getByRole('dialog', { name: `Ada ${lastName}` });
  await expect(dialog).toBeVisible();
  for (const value of [email, validEnquiry['Phone *'], company, 'Marketing Strategy Assessment', 'Home', 'Free Marketing Strategy Assessment']) {
    await expect(dialog.getByText(value, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByText(`Line one ${run}`)).toHaveText(`Line one ${run}\nLine two`);
  await expect(dialog.getByRole('link', { name: 'Reply by email' })).toHaveAttribute('href', `mailto:${email}?subject=${encodeURIComponent('Re: your enquiry to Surgere')}`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // 6. Marked handled from the list: the New label goes, the filter sees it as handled.
  await row.getByLabel(`Status of Ada ${lastName}'s enquiry`).selectOption('handled');
  await expect(toastWithTitle(page, 'Enquiry marked handled')).toBeVisible();
  await expect(newLabel).toHaveCount(0);
  await page.getByLabel('Status', { exact: true }).selectOption('handled');
  await expect(list.getByRole('listitem').filter({ hasText: email })).toBeVisible();

  // 7. Export CSV downloads what the filter shows; read it back.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString('utf8').split('\r\n')[0]).toBe('\uFEFFID,Received,Status,First name,Last name,Email,Phone,Company,Service,Page,Button,Message,Notice,Notice error');
  const records = parse(bytes, { bom: true, columns: true }) as Record<string, string>[];
  const record = records.find((r) => r.Email === email);
  expect(record).toMatchObject({
    Status: 'handled',
    'First name': 'Ada',
    'Last name': lastName,
    // A cell a spreadsheet would run as a formula is neutralised.
    Company: `'${company}`,
    Service: 'Marketing Strategy Assessment',
    Page: 'Home',
    Button: 'Free Marketing Strategy Assessment',
    Message: `Line one ${run}\nLine two`,
    Notice: 'sent',
  });
  expect(record!.Received).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  expect(records.every((r) => r.Status === 'handled')).toBe(true);
});
