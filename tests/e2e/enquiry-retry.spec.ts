/**
 * An enquiry whose answer is lost after the server stored it (a dropped connection, a proxy's
 * timeout), sent again by the visitor: the retry carries the first send's submissionId, so the
 * firm gets one enquiry and one notice, and the visitor sees it sent.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { outboxDir } from '../../src/server/mail/transport.ts';
import { fillEnquiry, validEnquiry, waitForIslands } from './support/public-site.ts';
import { searchEnquiries } from './support/admin-api.ts';
import { skipCookieBanner } from './support/cookie-banner.ts';
import { E2E_DATA_DIR } from './support/e2e-site.ts';
import { toastText } from './support/toasts.ts';

/** The notices in the e2e server's outbox (no SMTP_URL: .eml files) that mention `needle`. */
function noticesFor(needle: string): string[] {
  const dir = outboxDir(E2E_DATA_DIR);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .filter((f) => fs.readFileSync(path.join(dir, f), 'utf8').includes(needle));
}

test('an enquiry stored but whose answer was lost, sent again, is stored once with one notice and shows as sent', async ({ page, request }) => {
  const email = `retry.${crypto.randomBytes(4).toString('hex')}@example.com`;
  await skipCookieBanner(page);

  // The first send reaches the server and is answered; the page never gets that answer.
  const reachedServer: { status: number; body: { id: number } }[] = [];
  await page.route(
    '**/api/contacts',
    async (route) => {
      const response = await route.fetch();
      reachedServer.push({ status: response.status(), body: await response.json() });
      await route.abort('connectionreset');
    },
    { times: 1 },
  );

  await page.goto('/');
  await waitForIslands(page);
  await page.getByRole('link', { name: 'Book a Consultation', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Get in Touch' });
  await fillEnquiry(dialog, { ...validEnquiry, 'Email *': email });
  await dialog.getByRole('button', { name: 'Send Message' }).click();

  await expect(toastText(page, 'Failed to send message')).toBeVisible();
  await expect(dialog).toBeVisible();
  expect(reachedServer).toEqual([{ status: 201, body: { id: expect.any(Number) } }]);
  const stored = reachedServer[0]!.body.id;

  // The visitor presses Send again: answered as the first send was, with the same enquiry.
  const [retry] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/contacts') && r.request().method() === 'POST'),
    dialog.getByRole('button', { name: 'Send Message' }).click(),
  ]);
  expect(retry.status()).toBe(201);
  expect(await retry.json()).toEqual({ id: stored });
  await expect(toastText(page, 'Message sent successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // One enquiry in the admin's inbox, and one notice written for it.
  const inbox = await searchEnquiries(request, email);
  expect(inbox.total).toBe(1);
  expect(inbox.items.map((e) => e.id)).toEqual([stored]);
  await expect.poll(() => noticesFor(email).length, { message: `notices for ${email}` }).toBe(1);
});
