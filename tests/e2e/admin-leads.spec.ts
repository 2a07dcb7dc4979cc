/**
 * A lead's whole path through the production build: a visitor sends an enquiry from the site, the
 * firm's notice of it is written to DATA_DIR/outbox as an .eml (no SMTP_URL on the e2e server), and
 * an admin finds it in the Enquiries tab (with the tab's badge), opens it, marks it handled and
 * exports the inbox as CSV.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { simpleParser } from 'mailparser';
import type { Subscriber } from '../../src/schemas/subscriber.ts';
import { outboxDir } from '../../src/server/mail/transport.ts';
import { NO_MAIL_ORIGIN } from '../../src/server/mail/link-origin.ts';
import { fillEnquiry, validEnquiry, waitForIslands, useFormIsland } from './support/public-site.ts';
import { E2E_LEADS_ADMIN as ADMIN } from './support/admin-credentials.ts';
import { signInToAdminPanel } from './support/admin-sign-in.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { skipCookieBanner } from './support/cookie-banner.ts';
import { E2E_DATA_DIR } from './support/e2e-site.ts';
import { servedEnquiry } from './support/served-enquiry.ts';
import { sampleEnquiry } from '../support/sample-enquiry.ts';
import { toastText } from './support/toasts.ts';

const OUTBOX = outboxDir(E2E_DATA_DIR);

/** The .eml files in the outbox whose text contains `needle`. */
function emlWith(needle: string): string[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readdirSync(OUTBOX)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => fs.readFileSync(path.join(OUTBOX, f), 'utf8'))
    .filter((text) => text.includes(needle));
}

/**
 * Serves a tab's list as `leads()` holds it and `itemPath`'s answers from `answer` (which may change
 * what the list holds next), then signs in and opens the tab.
 */
async function openServedTab(
  page: Page,
  tab: 'Enquiries' | 'Subscribers',
  leads: () => unknown[],
  itemPath: string,
  answer: (method: string) => { status?: number; json: unknown },
) {
  const list = tab === 'Enquiries' ? /\/api\/enquiries(\?.*)?$/ : /\/api\/subscribers(\?.*)?$/;
  await page.route(list, (route) => route.fulfill({ json: { items: leads(), total: leads().length, page: 1, pageSize: 25 } }));
  await page.route(`**${itemPath}`, (route) => route.fulfill(answer(route.request().method())));
  await skipCookieBanner(page);
  await signInToAdminPanel(page, ADMIN);
  await page.getByRole('tab', { name: tab === 'Enquiries' ? /^Enquiries/ : 'Subscribers' }).click();
}

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
  await expect(toastText(page, 'Message sent successfully!')).toBeVisible();

  // 2. The notice was written after the answer as an RFC 5322 message naming the person.
  await expect.poll(() => emlWith(email), { message: `an .eml for ${email} in ${OUTBOX}` }).toHaveLength(1);
  const [eml] = emlWith(email);
  expect(eml).toContain(`Reply-To: ${email}`);
  expect(eml).toMatch(new RegExp(`^Subject: New enquiry from Ada ${lastName} \\(=Engines ${run}\\)`, 'm'));
  expect(eml).toContain('To: hello@surgere.com.au');

  // 3. The admin signs in and sees the badge counting new enquiries.
  await signInToAdminPanel(page, ADMIN);
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
  // The message's heading is the level under the dialog's title (h2), none skipped.
  await expect(dialog.getByRole('heading', { name: 'Message', level: 3 })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Reply by email' })).toHaveAttribute('href', `mailto:${email}?subject=${encodeURIComponent('Re: your enquiry to Surgere')}`);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // 6. Marked handled from the list: the New label goes, the filter sees it as handled.
  await row.getByLabel(`Status of Ada ${lastName}'s enquiry`).selectOption('handled');
  await expect(toastText(page, 'Enquiry marked handled')).toBeVisible();
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

  // 8. Delete, after a confirmation, removes it for good.
  expect(await seriousAxeViolations(page)).toEqual([]);
  await row.getByRole('button', { name: `Delete Ada ${lastName}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete enquiry' });
  await expect(confirm).toContainText(`Delete Ada ${lastName}'s enquiry for good? This cannot be undone.`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toastText(page, 'Enquiry deleted')).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);
  expect((await page.request.get(`/api/enquiries?search=${run}`)).ok()).toBe(true);
  expect(await (await page.request.get(`/api/enquiries?search=${run}`)).json()).toMatchObject({ items: [], total: 0 });
});

test('a newsletter sign-up shows in the Subscribers tab with its page; its welcome unsubscribes; Delete removes it', async ({ page }) => {
  const run = crypto.randomBytes(4).toString('hex');
  const email = `reader.${run}@example.com`;
  await skipCookieBanner(page);

  await page.goto('/insights');
  await useFormIsland(page, 'NewsletterForm');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(toastText(page, 'Successfully subscribed!')).toBeVisible();

  // The welcome, with the one-click headers and a link that unsubscribes without signing in.
  await expect.poll(() => emlWith(email), { message: `a welcome .eml for ${email}` }).toHaveLength(1);
  const [welcome] = emlWith(email);
  expect(welcome).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  const parsed = await simpleParser(welcome!);
  const link = /https?:\/\/\S+\/api\/newsletter\/unsubscribe\?\S+/.exec(parsed.text ?? '')?.[0];
  expect(link).toMatch(/\/api\/newsletter\/unsubscribe\?email=reader\.[0-9a-f]+%40example\.com&token=/);
  expect(parsed.headers.get('list')).toMatchObject({ unsubscribe: { url: link } });

  await signInToAdminPanel(page, ADMIN);
  await page.getByRole('tab', { name: 'Subscribers' }).click();
  await page.getByRole('searchbox', { name: 'Search subscribers' }).fill(run);
  const list = page.getByRole('list', { name: 'Subscribers' });
  const row = list.getByRole('listitem').filter({ hasText: email });
  await expect(row).toContainText('From /insights');
  await expect(row.getByText('Subscribed', { exact: true })).toBeVisible();
  // Under the search, the count says it is of what matched.
  // (The live region beside the search reads the same words out; this is the line under the heading.)
  await expect(page.locator('p:not([role="status"])', { hasText: /^1 subscriber found$/ })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Export CSV holds what the list shows: every status under All.
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/api/subscribers?format=csv&search=${run}&status=all`);

  // Following the link asks first (a mail scanner opening it changes nothing); the button unsubscribes.
  // On a phone the page is styled by its own inline rules, which its policy allows (nothing is
  // refused), and its button is a finger's target.
  const visitor = await page.context().browser()!.newPage({ viewport: { width: 360, height: 740 } });
  const refused: string[] = [];
  visitor.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  await visitor.goto(link!);
  await expect(visitor.getByRole('heading', { name: 'Unsubscribe from the newsletter?' })).toBeVisible();
  const unsubscribeButton = visitor.getByRole('button', { name: 'Unsubscribe' });
  expect(await unsubscribeButton.evaluate((button) => Math.round(button.getBoundingClientRect().height))).toBeGreaterThanOrEqual(44);
  expect(await visitor.locator('main').evaluate((main) => getComputedStyle(main).backgroundColor)).toBe('rgb(255, 255, 255)');
  expect(refused).toEqual([]);
  await unsubscribeButton.click();
  await expect(visitor.getByRole('heading', { name: 'You have been unsubscribed' })).toBeVisible();
  await visitor.close();
  await page.getByRole('searchbox', { name: 'Search subscribers' }).fill(email);
  await expect(row.getByText('Unsubscribed', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Delete ${email}` }).click();
  await page.getByRole('alertdialog', { name: 'Delete subscriber' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toastText(page, 'Subscriber deleted')).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);
});

test('a long address and long context fit the Enquiries and Subscribers tabs, and the enquiry dialog, on a 360 px phone', async ({ page }) => {
  const run = crypto.randomBytes(4).toString('hex');
  // An ordinary long address (48 characters) and a 97-character one (its local part 64, SMTP's most).
  const emails = [`jonathan.richardson.${run}@brightwaterconsulting.com.au`, `${'a'.repeat(55)}.${run}@${'b'.repeat(20)}.example.com`];
  for (const email of emails) {
    const sent = await page.request.post('/api/contacts', {
      data: { ...validEnquiryBody(run), email, service: 'Marketing Strategy Assessment Extended Programme', ctaButton: 'Free Marketing Strategy Assessment Today' },
    });
    expect(sent.status()).toBe(201);
    expect((await page.request.post('/api/newsletter', { data: { email, sourcePage: '/insights' } })).status()).toBe(201);
  }
  await page.setViewportSize({ width: 360, height: 780 });
  await signInToAdminPanel(page, ADMIN);
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

  await page.getByRole('tab', { name: /^Enquiries/ }).click();
  await page.getByRole('searchbox', { name: 'Search enquiries' }).fill(run);
  const enquiryRows = page.getByRole('list', { name: 'Enquiries' }).getByRole('listitem');
  await expect(enquiryRows).toHaveCount(2);
  expect(await pageWidth()).toBe(360);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toBeInViewport();

  await enquiryRows.first().getByRole('button', { name: /^Open / }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(emails[1]!, { exact: true })).toBeVisible();
  const overflowing = await dialog.locator('dd').evaluateAll((cells) => cells.filter((dd) => dd.scrollWidth > dd.clientWidth).length);
  expect(overflowing).toBe(0);
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Subscribers' }).click();
  await page.getByRole('searchbox', { name: 'Search subscribers' }).fill(run);
  await expect(page.getByRole('list', { name: 'Subscribers' }).getByRole('listitem')).toHaveCount(2);
  expect(await pageWidth()).toBe(360);
  // Under its row's text on a phone (the second row's is below the fold), and whole within the width.
  const remove = page.getByRole('button', { name: `Delete ${emails[1]}` });
  await remove.scrollIntoViewIfNeeded();
  await expect(remove).toBeInViewport({ ratio: 1 });
});

test("a long enquiry's details can be read to the end from the keyboard: the scrolling part of the dialog takes the focus", async ({ page }) => {
  const run = crypto.randomBytes(4).toString('hex');
  const message = Array.from({ length: 80 }, (_, i) => `Line ${i + 1} of a long enquiry.`).join('\n');
  const sent = await page.request.post('/api/contacts', { data: { ...validEnquiryBody(run), email: `long.${run}@example.com`, message } });
  expect(sent.status()).toBe(201);
  await signInToAdminPanel(page, ADMIN);
  await page.getByRole('tab', { name: /^Enquiries/ }).click();
  await page.getByRole('searchbox', { name: 'Search enquiries' }).fill(run);
  const rows = page.getByRole('list', { name: 'Enquiries' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await rows.getByRole('button', { name: /^Open / }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/Line 80 of a long enquiry/)).toBeAttached();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The part that scrolls (nothing in it can take the focus) is a Tab stop, the first, and the keyboard scrolls it.
  const details = dialog.getByRole('group', { name: 'Enquiry details' });
  await expect(details).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(details).toBeFocused();
  await page.keyboard.press('End');
  await expect.poll(() => details.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop)).toBeLessThan(1);
});

function validEnquiryBody(run: string) {
  return { firstName: 'Jonathan', lastName: `Richardson ${run}`, phone: '+61 400 000 000', company: 'Brightwater Consulting', message: 'A long address.', page: 'Home' };
}

test('Export CSV pressed the moment a search is typed exports that search, not the one before it', async ({ page }) => {
  // The page's timers held still once the list is open: the search box's pause before the list
  // asks again never ends, so the press comes before it however slow the machine.
  await page.clock.install();
  await signInToAdminPanel(page, ADMIN);
  await page.getByRole('tab', { name: 'Subscribers' }).click();
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('href', '/api/subscribers?format=csv&status=all');
  await page.clock.pauseAt(Date.now() + 60_000);
  const search = page.getByRole('searchbox', { name: 'Search subscribers' });
  await search.fill('reader');
  await search.press('.');
  await expect(search).toHaveValue('reader.');
  const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
  expect(new URL(download.url()).search).toBe('?format=csv&search=reader.&status=all');
  await page.clock.resume();
});

test('Export CSV with an ended session asks for the password instead of doing nothing, then downloads once signed in again', async ({ page }) => {
  await signInToAdminPanel(page, ADMIN);
  await page.getByRole('tab', { name: 'Subscribers' }).click();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  await page.context().clearCookies();
  const downloads: string[] = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const again = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(again).toBeVisible();
  expect(downloads).toEqual([]);
  await again.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  // The export pressed goes on once signed in: one download, with nothing to press again, and a
  // toast that does not ask for a save (nothing was being saved).
  const [download] = await Promise.all([page.waitForEvent('download'), again.getByRole('button', { name: 'Sign In' }).click()]);
  await expect(again).toBeHidden();
  expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(toastText(page, 'Signed in again')).toBeVisible();
  await expect(toastText(page, 'Everything you were doing carries on.')).toBeVisible();
  expect(downloads).toHaveLength(1);

  // A server that does not answer is said so.
  await page.route('**/api/subscribers?*format=csv*', (route) => route.abort('connectionrefused'));
  await page.getByRole('link', { name: 'Export CSV' }).click();
  await expect(toastText(page, 'Export failed')).toBeVisible();
  await expect(toastText(page, 'The export could not be started just now. Please try again.')).toBeVisible();
});

test('a status chosen as the session has ended is kept and saved once the admin signs in again, not silently put back', async ({ page }) => {
  const run = crypto.randomBytes(4).toString('hex');
  const sent = await page.request.post('/api/contacts', { data: { ...validEnquiryBody(run), email: `status.${run}@example.com` } });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: number };
  await signInToAdminPanel(page, ADMIN);
  await page.getByRole('tab', { name: /^Enquiries/ }).click();
  await page.getByRole('searchbox', { name: 'Search enquiries' }).fill(run);
  const status = page.getByRole('list', { name: 'Enquiries' }).getByLabel(`Status of Jonathan Richardson ${run}'s enquiry`);
  await expect(status).toHaveValue('new');

  await page.context().clearCookies();
  await status.selectOption('handled');
  const again = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(again).toBeVisible();
  // Not saved yet, and still shown as chosen under the dialog (which hides the panel from the
  // accessibility tree while it is open): nothing says it was saved, nothing takes it back.
  const statusUnderDialog = page.getByRole('combobox', { name: `Status of Jonathan Richardson ${run}'s enquiry`, includeHidden: true });
  await expect(statusUnderDialog).toHaveValue('handled');
  await again.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await again.getByRole('button', { name: 'Sign In' }).click();
  await expect(again).toBeHidden();
  await expect(toastText(page, 'Enquiry marked handled')).toBeVisible();
  await expect(status).toHaveValue('handled');
  const stored = await page.request.get(`/api/enquiries?search=${run}`);
  expect(((await stored.json()) as { items: { id: number; status: string }[] }).items.map((e) => [e.id, e.status])).toEqual([[id, 'handled']]);
});

test('Export CSV past the size one download can hold says so and what to narrow it by, and downloads nothing', async ({ page }) => {
  await signInToAdminPanel(page, ADMIN);
  await page.getByRole('tab', { name: 'Enquiries' }).click();
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toBeVisible();
  // The server's refusal, as tests/integration/lead-exports.test.ts pins it: 20 MB of enquiries
  // cannot be made here in time, so its answer is served by the test.
  const refusal = 'Too many enquiries to export at once: the file would pass the 20 MB a download can hold. Choose a status or search to export fewer at a time.';
  await page.route('**/api/enquiries?*format=csv*', (route) => route.fulfill({ status: 400, json: { error: refusal } }));
  let downloads = 0;
  page.on('download', () => (downloads += 1));
  await exportLink.click();
  await expect(toastText(page, 'Export failed')).toBeVisible();
  await expect(toastText(page, refusal)).toBeVisible();
  expect(downloads).toBe(0);
});

test('a notice that gave up shows why in the inbox, and Send notice again puts it back', async ({ page }) => {
  // The server's side (the requeue, the send after it, 409/404/401/403) is in
  // tests/integration/outbox.test.ts; a notice that has used up its eight attempts cannot be made
  // here in time, so the inbox's answers are the server's shapes, served by the test.
  const lead = servedEnquiry(2_000_000_001, 'Grace', 'Hopper', 'grace@example.com');
  const failed = { ...lead, notice: { status: 'failed', attempts: 8, lastError: 'EENVELOPE: 451 Mailbox busy, try again later', sentAt: null } };
  const pending = { ...failed, notice: { status: 'pending', attempts: 0, lastError: failed.notice.lastError, sentAt: null } };
  let current = failed;
  const asked: string[] = [];
  await openServedTab(page, 'Enquiries', () => [current], `/api/enquiries/${lead.id}/notice`, (method) => {
    asked.push(method);
    current = pending;
    return { json: pending };
  });

  const row = page.getByRole('list', { name: 'Enquiries' }).getByRole('listitem').filter({ hasText: 'grace@example.com' });
  await expect(row.getByText('Notice not sent: EENVELOPE: 451 Mailbox busy, try again later')).toBeVisible();
  // The button's accessible name holds its visible words.
  expect(await seriousAxeViolations(page)).toEqual([]);
  await row.getByRole('button', { name: "Open Grace Hopper's enquiry" }).click();
  const dialog = page.getByRole('dialog', { name: 'Grace Hopper' });
  await dialog.getByRole('button', { name: "Send notice again for Grace Hopper's enquiry" }).click();
  await expect(toastText(page, 'Notice queued')).toBeVisible();
  expect(asked).toEqual(['POST']);
  // Pending again: neither the dialog nor the row says it was not sent any more.
  await expect(dialog.getByText(/Notice not sent/)).toHaveCount(0);
  await expect(row.getByText(/Notice not sent/)).toHaveCount(0);
});

test('Send notice again refused (another admin sent it meanwhile) says why and shows the notice as it now stands', async ({ page }) => {
  const lead = servedEnquiry(2_000_000_003, 'Ada', 'Lovelace', 'ada.refused@example.com');
  const failed = { ...lead, notice: { status: 'failed', attempts: 8, lastError: 'EENVELOPE: 451 Mailbox busy, try again later', sentAt: null } };
  // What the server holds once the other admin's press was sent.
  const sent = { ...lead, notice: { status: 'sent', attempts: 1, lastError: null, sentAt: new Date().toISOString() } };
  let current: typeof lead = failed;
  await openServedTab(page, 'Enquiries', () => [current], `/api/enquiries/${lead.id}/notice`, () => {
    current = sent;
    return { status: 409, json: { error: 'This notice has not failed: it is sent, or still being tried' } };
  });

  const row = page.getByRole('list', { name: 'Enquiries' }).getByRole('listitem').filter({ hasText: 'ada.refused@example.com' });
  await row.getByRole('button', { name: "Open Ada Lovelace's enquiry" }).click();
  const dialog = page.getByRole('dialog', { name: 'Ada Lovelace' });
  await dialog.getByRole('button', { name: "Send notice again for Ada Lovelace's enquiry" }).click();
  await expect(toastText(page, 'Could not send the notice again')).toBeVisible();
  await expect(toastText(page, 'This notice has not failed: it is sent, or still being tried')).toBeVisible();
  // Neither the dialog nor the row offers a press that can only be refused again.
  await expect(dialog.getByText(/Notice not sent/)).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: "Send notice again for Ada Lovelace's enquiry" })).toHaveCount(0);
  await expect(row.getByText(/Notice not sent/)).toHaveCount(0);
});

test('a welcome that gave up shows why in the Subscribers tab, and Send welcome again puts it back', async ({ page }) => {
  // The server's side (the requeue, the send after it, 409/404/401/403) is in
  // tests/integration/leads-admin.test.ts; as for the notice above, a welcome that has used up its
  // attempts cannot be made here in time, so the tab's answers are the server's shapes, served by the test.
  const id = 2_000_000_002;
  const failed: Subscriber = {
    id,
    email: 'reader.failed@example.com',
    status: 'subscribed',
    subscribedAt: new Date().toISOString(),
    sourcePage: '/insights',
    unsubscribedAt: null,
    welcome: { status: 'failed', attempts: 8, lastError: 'EENVELOPE: 550 Mailbox unavailable', sentAt: null },
  };
  const pending: Subscriber = { ...failed, welcome: { status: 'pending', attempts: 0, lastError: 'EENVELOPE: 550 Mailbox unavailable', sentAt: null } };
  let current = failed;
  const asked: string[] = [];
  await openServedTab(page, 'Subscribers', () => [current], `/api/subscribers/${id}/welcome`, (method) => {
    asked.push(method);
    current = pending;
    return { json: pending };
  });

  const row = page.getByRole('list', { name: 'Subscribers' }).getByRole('listitem').filter({ hasText: 'reader.failed@example.com' });
  await expect(row.getByText('Welcome not sent', { exact: true })).toBeVisible();
  await expect(row.getByText('Welcome not sent: EENVELOPE: 550 Mailbox unavailable')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await row.getByRole('button', { name: 'Send welcome again to reader.failed@example.com' }).click();
  await expect(toastText(page, 'Welcome queued')).toBeVisible();
  expect(asked).toEqual(['POST']);
  // Pending again: the row no longer says it was not sent.
  await expect(row.getByText(/Welcome not sent/)).toHaveCount(0);
  await expect(row.getByText('Subscribed', { exact: true })).toBeVisible();
});

test('a welcome still being retried shows the last attempt\'s reason, with no button to send it again', async ({ page }) => {
  // A sign-up at a public name before SITE_URL is set: its welcome waits through eight attempts
  // (about two hours), each failing with the same reason, one the admin can act on meanwhile.
  const id = 2_000_000_005;
  const reason = NO_MAIL_ORIGIN;
  const retrying: Subscriber = {
    id,
    email: 'reader.waiting@example.com',
    status: 'subscribed',
    subscribedAt: new Date().toISOString(),
    sourcePage: '/insights',
    unsubscribedAt: null,
    welcome: { status: 'pending', attempts: 3, lastError: reason, sentAt: null },
  };
  await openServedTab(page, 'Subscribers', () => [retrying], `/api/subscribers/${id}/welcome`, () => ({ status: 409, json: { error: 'unexpected' } }));

  const row = page.getByRole('list', { name: 'Subscribers' }).getByRole('listitem').filter({ hasText: 'reader.waiting@example.com' });
  await expect(row.getByText(`Welcome not sent yet (tried 3 times, trying again): ${reason}`)).toBeVisible();
  // Not given up: no 'not sent' badge, and nothing to press, as it is in the outbox already.
  await expect(row.getByText('Welcome not sent', { exact: true })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Send welcome again to reader.waiting@example.com' })).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('a status change refused because another admin deleted the enquiry says why and drops its row', async ({ page }) => {
  const gone = servedEnquiry(2_000_000_004, 'Mary', 'Somerville', 'mary.gone@example.com');
  let leads = [gone];
  await openServedTab(page, 'Enquiries', () => leads, `/api/enquiries/${gone.id}`, () => {
    leads = [];
    return { status: 404, json: { error: 'Enquiry not found' } };
  });
  const panel = page.getByRole('tabpanel', { name: /^Enquiries/ });
  await panel.getByLabel("Status of Mary Somerville's enquiry").selectOption('handled');
  await expect(toastText(page, 'Error updating enquiry')).toBeVisible();
  await expect(toastText(page, 'Enquiry not found')).toBeVisible();
  await expect(panel.getByRole('listitem').filter({ hasText: 'mary.gone@example.com' })).toHaveCount(0);
});

test('a Delete refused because another admin deleted the subscriber first says why and drops its row', async ({ page }) => {
  const id = 2_000_000_005;
  const gone: Subscriber = {
    id,
    email: 'reader.gone@example.com',
    status: 'subscribed',
    subscribedAt: new Date().toISOString(),
    sourcePage: '/insights',
    unsubscribedAt: null,
    welcome: null,
  };
  let leads = [gone];
  await openServedTab(page, 'Subscribers', () => leads, `/api/subscribers/${id}`, () => {
    leads = [];
    return { status: 404, json: { error: 'Subscriber not found' } };
  });
  const row = page.getByRole('list', { name: 'Subscribers' }).getByRole('listitem').filter({ hasText: 'reader.gone@example.com' });
  await row.getByRole('button', { name: 'Delete reader.gone@example.com' }).click();
  await page.getByRole('alertdialog', { name: 'Delete subscriber' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toastText(page, 'Error deleting subscriber')).toBeVisible();
  await expect(toastText(page, 'Subscriber not found')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('a status change that takes the enquiry out of the filtered list leaves the focus on the tab heading', async ({ page }) => {
  const lastName = `Focus${crypto.randomUUID().slice(0, 8)}`;
  const sent = await page.request.post('/api/contacts', {
    data: { ...sampleEnquiry(), lastName },
  });
  expect(sent.status()).toBe(201);
  await signInToAdminPanel(page, ADMIN);
  await page.getByRole('tab', { name: /^Enquiries/ }).click();
  const panel = page.getByRole('tabpanel', { name: /^Enquiries/ });
  await panel.getByLabel('Status', { exact: true }).selectOption('new');
  await panel.getByRole('searchbox', { name: 'Search enquiries' }).fill(lastName);
  const status = panel.getByLabel(`Status of Ada ${lastName}'s enquiry`);
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  await status.focus();
  await status.selectOption('handled');
  // Handled is not New: the row, and the control that had the focus, leave the list.
  await expect(panel.getByRole('listitem')).toHaveCount(0);
  await expect(panel.getByRole('heading', { name: 'Enquiries', level: 2 })).toBeFocused();
});

test("the arrow keys step an enquiry's status without saving each step: Enter, or leaving the control, saves the one chosen", async ({ page }) => {
  const lastName = `Steps${crypto.randomUUID().slice(0, 8)}`;
  expect((await page.request.post('/api/contacts', { data: { ...sampleEnquiry(), lastName } })).status()).toBe(201);
  const patches: unknown[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && /\/api\/enquiries\/\d+$/.test(new URL(r.url()).pathname)) patches.push(r.postDataJSON());
  });
  await signInToAdminPanel(page, ADMIN);
  await page.getByRole('tab', { name: /^Enquiries/ }).click();
  const panel = page.getByRole('tabpanel', { name: /^Enquiries/ });
  await panel.getByRole('searchbox', { name: 'Search enquiries' }).fill(lastName);
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  const status = panel.getByLabel(`Status of Ada ${lastName}'s enquiry`);

  // New -> Handled -> Archived by the keyboard: nothing is saved on the way.
  await status.focus();
  await status.press('ArrowDown');
  await status.press('ArrowDown');
  await expect(status).toHaveValue('archived');
  await status.press('Enter');
  await expect(toastText(page, 'Enquiry marked archived')).toBeVisible();
  // A step saved would have sent its PATCH as it was taken, before this one.
  expect(patches).toEqual([{ status: 'archived' }]);

  // Stepped back one and left with Tab: that one is saved, once.
  await status.press('ArrowUp');
  await expect(status).toHaveValue('handled');
  await status.press('Tab');
  await expect(toastText(page, 'Enquiry marked handled')).toBeVisible();
  expect(patches).toEqual([{ status: 'archived' }, { status: 'handled' }]);
});
