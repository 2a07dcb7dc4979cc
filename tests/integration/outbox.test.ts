// The enquiry notice through the outbox, against a real SMTP server this file starts on a loopback
// port: it refuses (451) while `refusing` is set, refuses for good (a 5xx at RCPT or DATA) while
// `rejecting` says so, and accepts otherwise, keeping each message with its envelope's recipients.
import { promises as fs } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import contacts from '../../netlify/functions/contacts.ts';
import inbox from '../../netlify/functions/enquiries.ts';
import noticeAgain from '../../netlify/functions/enquiry-notices.ts';
import newsletter from '../../netlify/functions/newsletter.ts';
import unsubscribeFn from '../../netlify/functions/newsletter-unsubscribe.ts';
import subscribersFn from '../../netlify/functions/subscribers.ts';
import welcomeAgain from '../../netlify/functions/subscriber-welcomes.ts';
import { createUnsubscribeToken } from '../../src/server/auth/unsubscribe-token.ts';
import { firmTime } from '../../src/lib/firm-time.ts';
import { getDb } from '../../src/server/db/client.ts';
import { getEnv } from '../../src/server/env.ts';
import { NO_MAIL_ORIGIN } from '../../src/server/mail/link-origin.ts';
import { createMailer, outboxDir, type Mailer } from '../../src/server/mail/transport.ts';
import { backoffMs, deliverDue } from '../../src/server/outbox/sender.ts';
import { contact } from '../../src/content/site.ts';
import { adminSession } from '../support/admin-session.ts';
import { call } from '../support/call.ts';
import { unique, uniqueIp } from '../support/unique.ts';
import { withEnv } from '../support/with-env.ts';
import { addressesOf, outboxFiles } from '../support/outbox-files.ts';

let refusing = true;
let rejecting: { at: 'RCPT' | 'DATA'; code: number; text: string } | undefined;
/** Recipients this server refuses at RCPT TO while the others are accepted: one partner's full or closed mailbox. */
const refusedRecipients = new Map<string, { code: number; text: string }>();
/** Recipients whose RCPT TO this server answers only once `release` settles, after calling `reached`: a send in progress. */
const heldRecipients = new Map<string, { reached: () => void; release: Promise<void> }>();
const rejection = (at: 'RCPT' | 'DATA') =>
  rejecting?.at === at ? Object.assign(new Error(rejecting.text), { responseCode: rejecting.code }) : undefined;
const received: (ParsedMail & { rcptTo: string[] })[] = [];
let server: SMTPServer;
let smtpUrl: string;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusing) return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      const held = heldRecipients.get(_address.address);
      if (held) {
        held.reached();
        return void held.release.then(() => callback());
      }
      const refused = refusedRecipients.get(_address.address);
      if (refused) return callback(Object.assign(new Error(refused.text), { responseCode: refused.code }));
      callback(rejection('RCPT'));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        const rejected = rejection('DATA');
        if (!rejected) received.push(Object.assign(mail, { rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address) }));
        callback(rejected);
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(resolve));
});

const enquiry = () => ({
  firstName: 'Grace',
  lastName: `Hopper ${unique()}`,
  email: `grace.${unique()}@example.com`,
  phone: '+61 400 111 222',
  company: 'Compilers & Co',
  message: 'Line one of our brief.\nLine two: = not a formula, just text.',
  service: 'Brand Strategy',
  page: 'Services',
  ctaButton: 'Book a Consultation',
});

async function jobOf(enquiryId: number) {
  return getDb().selectFrom('outbox').selectAll().where('enquiryId', '=', enquiryId).executeTakeFirstOrThrow();
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Runs `run` with SMTP_URL naming this file's SMTP server. */
const withSmtp = <T>(run: () => Promise<T>) => withEnv({ SMTP_URL: smtpUrl }, run);

/**
 * An enquiry sent while the SMTP server refuses (inside withSmtp): its answer, and its notice job
 * once the send right after the answer has failed a first time.
 */
async function enquiryWhileRefused(body = enquiry()) {
  refusing = true;
  const r = await call(contacts, '/api/contacts', { body, ip: uniqueIp() });
  expect(r.status).toBe(201);
  const job = await until(() => jobOf(r.json.id), (j) => j.attempts === 1 && j.lastError !== null);
  return { r, job };
}

const smtpMailer = () => createMailer({ smtpUrl, from: getEnv().mailFrom, dataDir: getEnv().dataDir });

describe('the enquiry notice through the outbox', () => {
  it('answers 201 with the enquiry stored while SMTP refuses, and retries the job until it is sent', () =>
    withSmtp(async () => {
      refusing = true;
      const body = enquiry();
      const r = await call(contacts, '/api/contacts', { body, ip: uniqueIp() });
      expect(r.status).toBe(201);
      const stored = await getDb().selectFrom('enquiries').selectAll().where('id', '=', r.json.id).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ email: body.email, status: 'new' });

      // The attempt right after the answer meets the refusal and leaves the job pending, with the reason.
      const afterFirst = await until(() => jobOf(r.json.id), (j) => j.attempts === 1 && j.lastError !== null);
      expect(afterFirst).toMatchObject({ kind: 'enquiry-notice', status: 'pending', attempts: 1 });
      expect(afterFirst.lastError).toContain('451');
      expect(afterFirst.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + backoffMs(1) - 5_000);

      const mailer = smtpMailer();
      // Not due yet: nothing is attempted before the backoff ends.
      await deliverDue(getDb(), mailer, { only: [afterFirst.id] });
      expect((await jobOf(r.json.id)).attempts).toBe(1);

      // Due, still refused: a second attempt, a longer wait.
      const second = new Date(afterFirst.nextAttemptAt.getTime() + 1000);
      await deliverDue(getDb(), mailer, { now: second });
      const afterSecond = await jobOf(r.json.id);
      expect(afterSecond).toMatchObject({ status: 'pending', attempts: 2 });
      expect(afterSecond.nextAttemptAt.getTime() - second.getTime()).toBe(backoffMs(2));

      refusing = false;
      await deliverDue(getDb(), mailer, { now: new Date(afterSecond.nextAttemptAt.getTime() + 1000) });
      const sent = await jobOf(r.json.id);
      expect(sent).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
      expect(sent.sentAt).toBeInstanceOf(Date);

      const mail = received.find((m) => m.replyTo?.value[0]?.address === body.email);
      expect(mail?.subject).toBe(`New enquiry from Grace ${body.lastName} (Compilers & Co)`);
      expect(mail?.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : null).toBe(contact.email);
      for (const value of [body.firstName, body.lastName, body.email, body.phone, body.company, body.service, body.page, body.ctaButton]) {
        expect(mail?.text).toContain(value);
      }
      expect(mail?.text).toContain('Line one of our brief.\nLine two: = not a formula, just text.');
      // When it came, as the firm reads it: in its own time zone, like the admin panel.
      const { createdAt } = await getDb().selectFrom('enquiries').select('createdAt').where('id', '=', r.json.id).executeTakeFirstOrThrow();
      expect(mail?.text).toContain(`Received (Sydney time): ${firmTime(createdAt.toISOString())}\n`);
      // Sent once: the retries before it were refused, the one after it found nothing due.
      await deliverDue(getDb(), mailer, { now: new Date(Date.now() + 86_400_000) });
      expect(received.filter((m) => m.replyTo?.value[0]?.address === body.email)).toHaveLength(1);
    }));

  it('gives up after the last attempt and keeps the reason', () =>
    withSmtp(async () => {
      const { r, job: first } = await enquiryWhileRefused();
      const mailer = smtpMailer();
      await deliverDue(getDb(), mailer, { only: [first.id], now: new Date(Date.now() + 86_400_000), maxAttempts: 2 });
      const failed = await jobOf(r.json.id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
      expect(failed.lastError).toMatch(/451.*Mailbox busy/);
      // The inbox shows it as not sent, with the reason.
      const { cookie } = await adminSession();
      const shown = await call(inbox, `/api/enquiries/${r.json.id}`, { headers: { cookie }, params: { id: String(r.json.id) } });
      expect(shown.json.notice).toEqual({ status: 'failed', attempts: 2, lastError: failed.lastError, sentAt: null });
      // A failed job is never picked up again.
      refusing = false;
      await deliverDue(getDb(), mailer, { now: new Date(Date.now() + 7 * 86_400_000) });
      expect((await jobOf(r.json.id)).status).toBe('failed');
    }));

  for (const permanent of [
    { at: 'RCPT', code: 550, text: 'Mailbox unavailable' },
    { at: 'RCPT', code: 553, text: 'Mailbox name not allowed' },
    { at: 'DATA', code: 554, text: 'Message rejected as spam' },
  ] as const) {
    it(`ends the job at once as failed on a permanent refusal (${permanent.code} to ${permanent.at}), keeping and logging the reply`, () =>
      withSmtp(async () => {
        const { r, job: first } = await enquiryWhileRefused();
        refusing = false;
        rejecting = permanent;
        const warned: string[] = [];
        const spy = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warned.push(args.map(String).join(' ')));
        try {
          const report = await deliverDue(getDb(), smtpMailer(), { only: [first.id], now: new Date(Date.now() + 86_400_000) });
          expect(report).toEqual({ sent: 0, retrying: 0, failed: 1, cancelled: 0 });
        } finally {
          spy.mockRestore();
          rejecting = undefined;
        }
        const reply = `${permanent.code} ${permanent.text}`;
        const reason = `${permanent.at === 'RCPT' ? 'EENVELOPE' : 'EMESSAGE'}: ${reply}`;
        const failed = await jobOf(r.json.id);
        expect(failed).toMatchObject({ status: 'failed', attempts: 2, lastError: reason });
        expect(warned).toEqual([`[outbox] enquiry-notice ${first.id} attempt 2 failed, refused for good, giving up: ${reason}`]);
        // The inbox shows it as not sent, with the server's reply.
        const { cookie } = await adminSession();
        const shown = await call(inbox, `/api/enquiries/${r.json.id}`, { headers: { cookie }, params: { id: String(r.json.id) } });
        expect(shown.json.notice).toEqual({ status: 'failed', attempts: 2, lastError: reason, sentAt: null });
        // Never tried again by the scheduled runs, even once the server would accept it.
        await deliverDue(getDb(), smtpMailer(), { now: new Date(Date.now() + 7 * 86_400_000) });
        expect(await jobOf(r.json.id)).toMatchObject({ status: 'failed', attempts: 2 });
      }));
  }

  it('marks each message sent as soon as it is: a sender cut short later in its batch sends nothing twice', () =>
    withSmtp(async () => {
      const sends = [await enquiryWhileRefused(), await enquiryWhileRefused()];
      const answers = sends.map((send) => send.r);
      const jobs = sends.map((send) => send.job);
      const ids = jobs.map((j) => j.id);

      // A mailer that delivers the first message and then hangs, as an SMTP server can, until the
      // function running it is stopped.
      const delivered: string[] = [];
      const hanging: Mailer = {
        send: (_message, name) => (delivered.length === 0 ? (delivered.push(name), Promise.resolve()) : new Promise<void>(() => {})),
      };
      const later = Date.now() + 86_400_000;
      void deliverDue(getDb(), hanging, { only: ids, now: new Date(later) });
      // Whichever of the two the batch took first is delivered, and marked sent without waiting for the other.
      await until(async () => delivered.length, (n) => n === 1);
      const firstIndex = delivered[0] === `enquiry-notice-${ids[0]}` ? 0 : 1;
      expect(delivered).toEqual([`enquiry-notice-${ids[firstIndex]}`]);
      const first = await until(() => jobOf(answers[firstIndex]!.json.id), (j) => j.status === 'sent');
      expect(first).toMatchObject({ status: 'sent', attempts: 2, lastError: null });

      // The next run, once the cut-short attempt's lease has ended, sends only the other one.
      const secondIndex = 1 - firstIndex;
      refusing = false;
      const mailer = smtpMailer();
      const before = received.length;
      expect(await deliverDue(getDb(), mailer, { only: ids, now: new Date(later + 10 * 60_000) })).toEqual({ sent: 1, retrying: 0, failed: 0, cancelled: 0 });
      expect(received.slice(before).map((m) => m.replyTo?.value[0]?.address)).toEqual([(jobs[secondIndex]!.payload as { replyTo: string }).replyTo]);
      expect((await jobOf(answers[secondIndex]!.json.id)).status).toBe('sent');
    }));

  it('sends a notice that gave up once more when an admin asks (POST /api/enquiries/:id/notice), right after the answer', () =>
    withSmtp(async () => {
      const body = enquiry();
      const { r, job: first } = await enquiryWhileRefused(body);
      const mailer = smtpMailer();
      await deliverDue(getDb(), mailer, { only: [first.id], now: new Date(Date.now() + 86_400_000), maxAttempts: 2 });
      expect(await jobOf(r.json.id)).toMatchObject({ status: 'failed', attempts: 2 });

      // The mail server is back; the admin asks again.
      refusing = false;
      const { cookie } = await adminSession();
      const path = `/api/enquiries/${r.json.id}/notice`;
      const params = { id: String(r.json.id) };
      expect((await call(noticeAgain, path, { method: 'POST', params })).status).toBe(401);
      expect((await call(noticeAgain, path, { method: 'POST', params, headers: { cookie, origin: 'https://evil.example' } })).status).toBe(403);
      const again = await call(noticeAgain, path, { method: 'POST', params, headers: { cookie } });
      expect(again.status).toBe(200);
      expect(again.json).toMatchObject({ id: r.json.id, notice: { status: 'pending', attempts: 0 } });
      const sent = await until(() => jobOf(r.json.id), (j) => j.status === 'sent');
      expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(received.filter((m) => m.replyTo?.value[0]?.address === body.email)).toHaveLength(1);

      // A notice that is sent (or still being tried) is not sent again; an unknown enquiry is a 404.
      const twice = await call(noticeAgain, path, { method: 'POST', params, headers: { cookie } });
      expect(twice.status).toBe(409);
      expect(twice.json).toEqual({ error: 'This notice has not failed: it is sent, or still being tried' });
      const unknown = await call(noticeAgain, '/api/enquiries/2147483000/notice', { method: 'POST', params: { id: '2147483000' }, headers: { cookie } });
      expect(unknown.status).toBe(404);
      expect(unknown.json).toEqual({ error: 'Enquiry or notice not found' });
    }));

  it('sends a notice again to the NOTIFY_EMAIL of now: the address it failed at was the one to correct', () =>
    withSmtp(async () => {
      const body = enquiry();
      const { r, job: first } = await enquiryWhileRefused(body);
      // Stored without a recipient: each attempt takes NOTIFY_EMAIL as it then stands.
      expect(first.payload).not.toHaveProperty('to');
      await deliverDue(getDb(), smtpMailer(), { only: [first.id], now: new Date(Date.now() + 86_400_000), maxAttempts: 2 });
      expect(await jobOf(r.json.id)).toMatchObject({ status: 'failed', attempts: 2 });

      // The admin corrects NOTIFY_EMAIL and asks again.
      const corrected = `leads.${unique()}@example.com`;
      refusing = false;
      await withEnv({ NOTIFY_EMAIL: corrected }, async () => {
        const { cookie } = await adminSession();
        const again = await call(noticeAgain, `/api/enquiries/${r.json.id}/notice`, { method: 'POST', params: { id: String(r.json.id) }, headers: { cookie } });
        expect(again.status).toBe(200);
        expect(await until(() => jobOf(r.json.id), (j) => j.status === 'sent')).toMatchObject({ status: 'sent', attempts: 1 });
        const mail = received.filter((m) => m.replyTo?.value[0]?.address === body.email);
        expect(mail.map((m) => m.rcptTo)).toEqual([[corrected]]);
        expect(mail.map((m) => (Array.isArray(m.to) ? m.to : [m.to]).flatMap((to) => to!.value.map((v) => v.address)))).toEqual([[corrected]]);
      });
    }));

  it('keeps taking enquiries whatever NOTIFY_EMAIL holds: blank is unset, and one that is no address fails the notice at once, saying so', () =>
    withSmtp(async () => {
      refusing = false;
      const toBlank = enquiry();
      await withEnv({ NOTIFY_EMAIL: '' }, async () => {
        const blank = await call(contacts, '/api/contacts', { body: toBlank, ip: uniqueIp() });
        expect(blank.status).toBe(201);
        expect(await until(() => jobOf(blank.json.id), (j) => j.status === 'sent')).toMatchObject({ status: 'sent' });
      });
      expect(received.filter((m) => m.replyTo?.value[0]?.address === toBlank.email).map((m) => m.rcptTo)).toEqual([[contact.email]]);

      const body = enquiry();
      const r = await withEnv({ NOTIFY_EMAIL: 'leads at surgere' }, async () => {
        const sent = await call(contacts, '/api/contacts', { body, ip: uniqueIp() });
        expect(sent.status).toBe(201);
        const failed = await until(() => jobOf(sent.json.id), (j) => j.status !== 'pending');
        expect(failed).toMatchObject({
          status: 'failed',
          attempts: 1,
          lastError: 'NOTIFY_EMAIL is not an e-mail address: set it to the address to tell of enquiries, or several separated by commas, then send the notice again',
        });
        expect(received.filter((m) => m.replyTo?.value[0]?.address === body.email)).toEqual([]);
        return sent;
      });

      const corrected = `leads.${unique()}@example.com`;
      await withEnv({ NOTIFY_EMAIL: corrected }, async () => {
        const { cookie } = await adminSession();
        expect((await call(noticeAgain, `/api/enquiries/${r.json.id}/notice`, { method: 'POST', params: { id: String(r.json.id) }, headers: { cookie } })).status).toBe(200);
        expect(await until(() => jobOf(r.json.id), (j) => j.status === 'sent')).toMatchObject({ status: 'sent' });
      });
      expect(received.filter((m) => m.replyTo?.value[0]?.address === body.email).map((m) => m.rcptTo)).toEqual([[corrected]]);
    }));

  it('sends a notice still being retried to NOTIFY_EMAIL as it stands at the retry, not as it stood when the notice was queued', () =>
    withSmtp(async () => {
      const body = enquiry();
      const { r, job } = await withEnv({ NOTIFY_EMAIL: `leads.before.${unique()}@example.com` }, () => enquiryWhileRefused(body));
      expect(job).toMatchObject({ status: 'pending', attempts: 1 });

      const now = [`partner.one.${unique()}@example.com`, `partner.two.${unique()}@example.com`];
      refusing = false;
      await withEnv({ NOTIFY_EMAIL: now.join(', ') }, async () => {
        const report = await deliverDue(getDb(), smtpMailer(), { only: [job.id], now: new Date(Date.now() + 86_400_000) });
        expect(report).toEqual({ sent: 1, retrying: 0, failed: 0, cancelled: 0 });
      });
      expect(await jobOf(r.json.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
      expect(received.filter((m) => m.replyTo?.value[0]?.address === body.email).map((m) => m.rcptTo)).toEqual([now]);
    }));

  it("sends a welcome to its subscriber's address, whatever NOTIFY_EMAIL holds", () =>
    withSmtp(async () => {
      refusing = false;
      const email = `reader.${unique()}@example.com`;
      await withEnv({ NOTIFY_EMAIL: `leads.${unique()}@example.com` }, async () => {
        const r = await call(newsletter, '/api/newsletter', { body: { email, sourcePage: '/insights' }, ip: uniqueIp() });
        expect(r.status).toBe(201);
        const welcome = () => getDb().selectFrom('outbox').selectAll().where('subscriberId', '=', r.json.id).executeTakeFirstOrThrow();
        expect(await until(welcome, (j) => j.status !== 'pending')).toMatchObject({ kind: 'welcome', status: 'sent', attempts: 1 });
      });
      expect(received.filter((m) => m.subject === 'Welcome to the Surgere newsletter' && m.rcptTo.includes(email)).map((m) => m.rcptTo)).toEqual([[email]]);
    }));

  it('takes a sign-up at a host with no configured origin, and sends its welcome, its link on SITE_URL, once that is set', () =>
    withSmtp(async () => {
      refusing = false;
      expect([process.env.SITE_URL, process.env.URL]).toEqual([undefined, undefined]);
      const email = `reader.lan.${unique()}@example.com`;
      // The local runtime opened at a LAN address: not loopback, so its Host may not name the link.
      const r = await newsletter(
        new Request('http://192.168.1.20:4321/api/newsletter', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, sourcePage: '/insights' }) }),
        { params: {}, ip: uniqueIp() },
      );
      expect(r.status).toBe(201);
      const { id } = (await r.json()) as { id: number };
      expect(await getDb().selectFrom('subscribers').select(['email', 'status']).where('id', '=', id).executeTakeFirst()).toEqual({ email, status: 'subscribed' });
      const welcome = () => getDb().selectFrom('outbox').selectAll().where('subscriberId', '=', id).executeTakeFirstOrThrow();
      // The send right after the answer finds no origin: the attempt fails, saying what to set, and waits its retry.
      const first = await until(welcome, (j) => j.lastError !== null);
      expect(first).toMatchObject({ kind: 'welcome', status: 'pending', attempts: 1, lastError: NO_MAIL_ORIGIN });
      expect(JSON.stringify(first.payload)).not.toContain('192.168.1.20');
      expect(await deliverDue(getDb(), smtpMailer(), { only: [first.id], now: new Date(Date.now() + 86_400_000) })).toEqual({ sent: 0, retrying: 1, failed: 0, cancelled: 0 });
      expect(await welcome()).toMatchObject({ status: 'pending', attempts: 2, lastError: NO_MAIL_ORIGIN });
      expect(received.filter((m) => m.rcptTo.includes(email))).toEqual([]);

      // SITE_URL set: the next due attempt composes the welcome with its link there.
      await withEnv({ SITE_URL: 'https://www.surgere.example' }, async () => {
        expect(await deliverDue(getDb(), smtpMailer(), { only: [first.id], now: new Date(Date.now() + 2 * 86_400_000) })).toEqual({ sent: 1, retrying: 0, failed: 0, cancelled: 0 });
      });
      expect(await welcome()).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
      const mail = received.filter((m) => m.rcptTo.includes(email));
      expect(mail.map((m) => m.subject)).toEqual(['Welcome to the Surgere newsletter']);
      const link = new URL(/unsubscribe here: (\S+)/.exec(mail[0]!.text ?? '')![1]!);
      expect([link.origin, link.pathname, link.searchParams.get('email')]).toEqual(['https://www.surgere.example', '/api/newsletter/unsubscribe', email]);
      expect(mail[0]!.headers.get('list')).toEqual({ unsubscribe: { url: link.toString() }, 'unsubscribe-post': { name: 'List-Unsubscribe=One-Click' } });
      const left = await call(unsubscribeFn, `${link.pathname}${link.search}`, { method: 'POST', rawBody: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(left.status).toBe(200);
      expect(await getDb().selectFrom('subscribers').select('status').where('id', '=', id).executeTakeFirst()).toEqual({ status: 'unsubscribed' });
    }));

  it('sends a welcome that gave up for want of an origin once more when an admin asks, after SITE_URL is set', () =>
    withSmtp(async () => {
      refusing = false;
      const email = `reader.lan.${unique()}@example.com`;
      const r = await newsletter(
        new Request('http://surgere.lan:4321/api/newsletter', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, sourcePage: '/insights' }) }),
        { params: {}, ip: uniqueIp() },
      );
      expect(r.status).toBe(201);
      const { id } = (await r.json()) as { id: number };
      const welcome = () => getDb().selectFrom('outbox').selectAll().where('subscriberId', '=', id).executeTakeFirstOrThrow();
      const first = await until(welcome, (j) => j.lastError !== null);
      await deliverDue(getDb(), smtpMailer(), { only: [first.id], now: new Date(Date.now() + 86_400_000), maxAttempts: 2 });
      expect(await welcome()).toMatchObject({ status: 'failed', attempts: 2, lastError: NO_MAIL_ORIGIN });
      const { cookie } = await adminSession();
      const path = `/api/subscribers/${id}/welcome`;
      await withEnv({ SITE_URL: 'https://www.surgere.example' }, async () => {
        const listed = await call(subscribersFn, `/api/subscribers?search=${encodeURIComponent(email)}`, { headers: { cookie } });
        expect(listed.json.items[0].welcome).toEqual({ status: 'failed', attempts: 2, lastError: NO_MAIL_ORIGIN, sentAt: null });
        const again = await call(welcomeAgain, path, { method: 'POST', params: { id: String(id) }, headers: { cookie } });
        expect(again.status).toBe(200);
        expect(await until(welcome, (j) => j.status === 'sent')).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      });
      const mail = received.filter((m) => m.rcptTo.includes(email));
      expect(mail.map((m) => new URL(/unsubscribe here: (\S+)/.exec(m.text ?? '')![1]!).origin)).toEqual(['https://www.surgere.example']);
    }));

  it('sends no welcome whose subscriber unsubscribed after the sender claimed it, while an earlier message of its batch was being sent', () =>
    withSmtp(async () => {
      const [first, leaver] = [`reader.first.${unique()}@example.com`, `reader.leaving.${unique()}@example.com`];
      // Both welcomes wait for a retry (the server refused their first attempt).
      refusing = true;
      const jobs = [];
      for (const [i, email] of [first, leaver].entries()) {
        // The send after the answer is waited out: a pass still running once the server accepts
        // mail again would send the welcome this test is about behind its back.
        const afterResponse: Promise<unknown>[] = [];
        const r = await call(newsletter, '/api/newsletter', { body: { email, sourcePage: '/insights' }, ip: uniqueIp(), waitUntil: (p) => afterResponse.push(p) });
        expect(r.status).toBe(201);
        await Promise.all(afterResponse);
        const job = await getDb().selectFrom('outbox').selectAll().where('subscriberId', '=', r.json.id).executeTakeFirstOrThrow();
        expect(job).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('Mailbox busy, try again later') });
        // Due an hour from now, the first one first: no other sender on the run's shared database (the
        // other files' senders claim by the real clock) takes either, nor changes their order, before
        // this test's own run, a day ahead, claims both.
        await getDb().updateTable('outbox').set({ nextAttemptAt: new Date(Date.now() + 3_600_000 + i * 1000) }).where('id', '=', job.id).execute();
        jobs.push(job.id);
      }
      refusing = false;
      const { promise: reached, resolve: reach } = Promise.withResolvers<void>();
      const { promise: release, resolve: letGo } = Promise.withResolvers<void>();
      heldRecipients.set(first, { reached: reach, release });
      try {
        // Both are claimed; while the first is with the mail server, the second address unsubscribes.
        const delivery = deliverDue(getDb(), smtpMailer(), { only: jobs, now: new Date(Date.now() + 86_400_000) });
        await reached;
        const link = `/api/newsletter/unsubscribe?email=${encodeURIComponent(leaver)}&token=${await createUnsubscribeToken(leaver)}`;
        const r = await call(unsubscribeFn, link, { method: 'POST', rawBody: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
        expect(r.status).toBe(200);
        letGo();
        expect(await delivery).toEqual({ sent: 1, retrying: 0, failed: 0, cancelled: 1 });
      } finally {
        heldRecipients.delete(first);
        letGo();
      }
      const welcomes = received.filter((m) => m.subject === 'Welcome to the Surgere newsletter');
      expect([first, leaver].map((email) => welcomes.filter((m) => m.rcptTo.includes(email)).length)).toEqual([1, 0]);
      expect(await getDb().selectFrom('outbox').select(['id', 'status']).where('id', 'in', jobs).orderBy('id').execute()).toEqual([{ id: jobs[0], status: 'sent' }]);
    }));

  it('tells every address of a comma-separated NOTIFY_EMAIL with one message, one RCPT TO each', () =>
    withSmtp(async () => {
      refusing = false;
      const body = enquiry();
      await withEnv({ NOTIFY_EMAIL: ' partner.one@example.com, ,partner.two@example.com ,' }, async () => {
        const r = await call(contacts, '/api/contacts', { body, ip: uniqueIp() });
        expect(r.status).toBe(201);
        expect(await until(() => jobOf(r.json.id), (j) => j.status !== 'pending')).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      });
      const mail = received.filter((m) => m.replyTo?.value[0]?.address === body.email);
      expect(mail.map((m) => m.rcptTo)).toEqual([['partner.one@example.com', 'partner.two@example.com']]);
      expect(mail[0]!.headers.get('to')).toMatchObject({ value: [{ address: 'partner.one@example.com' }, { address: 'partner.two@example.com' }] });
    }));

  it('keeps retrying a notice one recipient of NOTIFY_EMAIL refused for now (4xx) while another took it, and sends it then to that one only', () =>
    withSmtp(async () => {
      refusing = false;
      const body = enquiry();
      const [one, two] = [`partner.one.${unique()}@example.com`, `partner.two.${unique()}@example.com`];
      refusedRecipients.set(two, { code: 452, text: 'Mailbox full' });
      try {
        await withEnv({ NOTIFY_EMAIL: `${one}, ${two}` }, async () => {
          const r = await call(contacts, '/api/contacts', { body, ip: uniqueIp() });
          expect(r.status).toBe(201);
          const first = await until(() => jobOf(r.json.id), (j) => j.lastError !== null || j.status !== 'pending');
          expect(first).toMatchObject({
            status: 'pending',
            attempts: 1,
            lastError: `Not accepted for ${two}: 452 Mailbox full (every other recipient has it, and is not sent it again)`,
          });
          refusedRecipients.delete(two);
          expect(await deliverDue(getDb(), smtpMailer(), { only: [first.id], now: new Date(Date.now() + 86_400_000) })).toEqual({ sent: 1, retrying: 0, failed: 0, cancelled: 0 });
          expect(await jobOf(r.json.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
        });
      } finally {
        refusedRecipients.delete(two);
      }
      const mail = received.filter((m) => m.replyTo?.value[0]?.address === body.email);
      // Each partner told once; the retry still names both in To, so each sees who else was told.
      expect(mail.map((m) => m.rcptTo)).toEqual([[one], [two]]);
      for (const m of mail) expect(m.headers.get('to')).toMatchObject({ value: [{ address: one }, { address: two }] });
    }));

  it('fails a notice at once when one recipient of NOTIFY_EMAIL refused it for good (5xx), and sends it again to that one only', () =>
    withSmtp(async () => {
      refusing = false;
      const body = enquiry();
      const [one, two] = [`partner.one.${unique()}@example.com`, `partner.two.${unique()}@example.com`];
      refusedRecipients.set(two, { code: 550, text: 'Mailbox unavailable' });
      try {
        await withEnv({ NOTIFY_EMAIL: `${one}, ${two}` }, async () => {
          const r = await call(contacts, '/api/contacts', { body, ip: uniqueIp() });
          expect(r.status).toBe(201);
          const lastError = `Not accepted for ${two}: 550 Mailbox unavailable (every other recipient has it, and is not sent it again)`;
          expect(await until(() => jobOf(r.json.id), (j) => j.status !== 'pending')).toMatchObject({ status: 'failed', attempts: 1, lastError });
          const { cookie } = await adminSession();
          const shown = await call(inbox, `/api/enquiries/${r.json.id}`, { headers: { cookie }, params: { id: String(r.json.id) } });
          expect(shown.json.notice).toEqual({ status: 'failed', attempts: 1, lastError, sentAt: null });

          refusedRecipients.delete(two);
          const again = await call(noticeAgain, `/api/enquiries/${r.json.id}/notice`, { method: 'POST', params: { id: String(r.json.id) }, headers: { cookie } });
          expect(again.status).toBe(200);
          expect(await until(() => jobOf(r.json.id), (j) => j.status === 'sent')).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
        });
      } finally {
        refusedRecipients.delete(two);
      }
      expect(received.filter((m) => m.replyTo?.value[0]?.address === body.email).map((m) => m.rcptTo)).toEqual([[one], [two]]);
    }));

  it('fails the notice at once, naming NOTIFY_EMAIL and never its value, when one entry of its list is no address', () =>
    withSmtp(async () => {
      refusing = false;
      const body = enquiry();
      await withEnv({ NOTIFY_EMAIL: 'partner.one@example.com, smtp://user:secret@mail.example, partner.two@example.com' }, async () => {
        const r = await call(contacts, '/api/contacts', { body, ip: uniqueIp() });
        expect(r.status).toBe(201);
        expect(await until(() => jobOf(r.json.id), (j) => j.status !== 'pending')).toMatchObject({
          status: 'failed',
          attempts: 1,
          lastError: 'NOTIFY_EMAIL entry 2 of 3 is not an e-mail address: set it to the address to tell of enquiries, or several separated by commas, then send the notice again',
        });
      });
      expect(received.filter((m) => m.replyTo?.value[0]?.address === body.email)).toEqual([]);
    }));

  it('fails a job whose last allowed attempt never reported back, rather than claiming it for ever', () =>
    withSmtp(async () => {
      const { r, job } = await enquiryWhileRefused();
      // Its second and last attempt is claimed and then cut short: the job stays pending, leased.
      const hanging: Mailer = { send: () => new Promise<void>(() => {}) };
      const later = Date.now() + 86_400_000;
      void deliverDue(getDb(), hanging, { only: [job.id], now: new Date(later), maxAttempts: 2 });
      await until(() => jobOf(r.json.id), (j) => j.attempts === 2);

      refusing = false;
      const mailer = smtpMailer();
      const before = received.length;
      await deliverDue(getDb(), mailer, { now: new Date(later + 10 * 60_000), maxAttempts: 2 });
      const failed = await jobOf(r.json.id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
      expect(failed.lastError).toContain('451'); // the last reason it had is kept
      expect(received.slice(before).filter((m) => m.replyTo?.value[0]?.address === (job.payload as { replyTo: string }).replyTo)).toEqual([]);
    }));

  it('a mail server that hangs costs a run one attempt: the jobs it claimed and had no time to try are given back untouched', () =>
    withSmtp(async () => {
      const sends = [await enquiryWhileRefused(), await enquiryWhileRefused(), await enquiryWhileRefused()];
      const ids = sends.map((send) => send.job.id);
      // A server that takes the connection and never greets, as a hung one does.
      const silent = net.createServer(() => {});
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const sockets = new Set<net.Socket>();
      silent.on('connection', (socket) => sockets.add(socket));
      try {
        const hung = createMailer({ smtpUrl: `smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}`, from: getEnv().mailFrom, dataDir: getEnv().dataDir });
        const later = new Date(Date.now() + 86_400_000);
        // The first send starts at once and waits out the greeting; by then the run's window is over.
        const report = await deliverDue(getDb(), hung, { only: ids, now: later, deadline: Date.now() + 1_000 });
        expect(report).toEqual({ sent: 0, retrying: 1, failed: 0, cancelled: 0 });
        const after = await Promise.all(sends.map((send) => jobOf(send.r.json.id)));
        const tried = after.filter((job) => job.attempts === 2);
        const untried = after.filter((job) => job.attempts === 1);
        expect(tried).toHaveLength(1);
        expect(tried[0]!.lastError).toMatch(/greeting/i);
        // As they were after their first attempt: its reason kept, due now rather than leased.
        expect(untried.map((job) => ({ status: job.status, lastError: job.lastError, due: job.nextAttemptAt.getTime() <= later.getTime() }))).toEqual([
          { status: 'pending', lastError: sends[0]!.job.lastError, due: true },
          { status: 'pending', lastError: sends[0]!.job.lastError, due: true },
        ]);
      } finally {
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => silent.close(() => resolve()));
      }
    }), 45_000);

  it('marks the notice and the welcome as sent automatically, so no out-of-office answers them', () =>
    withSmtp(async () => {
      refusing = false;
      const body = enquiry();
      const notice = await call(contacts, '/api/contacts', { body, ip: uniqueIp() });
      expect(notice.status).toBe(201);
      expect(await until(() => jobOf(notice.json.id), (j) => j.status !== 'pending')).toMatchObject({ status: 'sent', attempts: 1 });
      const email = `reader.${unique()}@example.com`;
      const signUp = await call(newsletter, '/api/newsletter', { body: { email, sourcePage: '/insights' }, ip: uniqueIp() });
      expect(signUp.status).toBe(201);
      const welcome = () => getDb().selectFrom('outbox').selectAll().where('subscriberId', '=', signUp.json.id).executeTakeFirstOrThrow();
      expect(await until(welcome, (j) => j.status !== 'pending')).toMatchObject({ status: 'sent', attempts: 1 });
      const mail = [...received.filter((m) => m.replyTo?.value[0]?.address === body.email), ...received.filter((m) => m.rcptTo.includes(email))];
      expect(mail.map((m) => [m.headers.get('auto-submitted'), m.headers.get('x-auto-response-suppress')])).toEqual([
        ['auto-generated', 'OOF, AutoReply'],
        ['auto-generated', 'OOF, AutoReply'],
      ]);
    }));

  it('sends a message sent again (its mark lost after the send) with the Message-ID it had, so the mailbox keeps one copy; another message has its own', () =>
    withSmtp(async () => {
      refusing = false;
      const bodies = [enquiry(), enquiry()];
      const jobs = [];
      for (const body of bodies) {
        const r = await call(contacts, '/api/contacts', { body, ip: uniqueIp() });
        expect(r.status).toBe(201);
        jobs.push(await until(() => jobOf(r.json.id), (j) => j.status !== 'pending'));
      }
      expect(jobs.map((job) => job.status)).toEqual(['sent', 'sent']);
      // The first one's mark never reached the database (a sender stopped right after its send): it goes again.
      await getDb().updateTable('outbox').set({ status: 'pending', sentAt: null }).where('id', '=', jobs[0]!.id).execute();
      expect(await deliverDue(getDb(), smtpMailer(), { only: [jobs[0]!.id], now: new Date(Date.now() + 86_400_000) })).toEqual({ sent: 1, retrying: 0, failed: 0, cancelled: 0 });
      const ids = bodies.map((body) => received.filter((m) => m.replyTo?.value[0]?.address === body.email).map((m) => m.messageId));
      expect(ids.map((copies) => copies.length)).toEqual([2, 1]);
      expect(ids[0]![0]).toMatch(new RegExp(`^<[^@<>\\s]+@${contact.email.split('@')[1]!.replaceAll('.', '\\.')}>$`));
      expect(ids[0]![1]).toBe(ids[0]![0]);
      expect(ids[1]![0]).not.toBe(ids[0]![0]);
    }));

  it("shows a name typed as a MIME encoded word in the notice's subject as typed, never decoded into characters the form drops", () =>
    withSmtp(async () => {
      refusing = false;
      // Decoded, it is U+202E then 'gnp.exe': shown reversed, as 'exe.png', and so is the rest of the subject after it.
      const body = { ...enquiry(), firstName: '=?UTF-8?Q?=E2=80=AEgnp.exe?=' };
      const r = await call(contacts, '/api/contacts', { body, ip: uniqueIp() });
      expect(r.status).toBe(201);
      expect(await until(() => jobOf(r.json.id), (j) => j.status !== 'pending')).toMatchObject({ status: 'sent', attempts: 1 });
      const mail = received.filter((m) => m.replyTo?.value[0]?.address === body.email);
      expect(mail.map((m) => m.subject)).toEqual([`New enquiry from =?UTF-8?Q?=E2=80=AEgnp.exe?= ${body.lastName} (Compilers & Co)`]);
    }));

  it('writes the notice as an RFC 5322 .eml file under DATA_DIR/outbox when no SMTP_URL is set', async () => {
    expect(process.env.SMTP_URL).toBeUndefined();
    const body = enquiry();
    const r = await call(contacts, '/api/contacts', { body, ip: uniqueIp() });
    expect(r.status).toBe(201);
    const job = await until(() => jobOf(r.json.id), (j) => j.status === 'sent');
    expect(job.status).toBe('sent');
    const written = (await outboxFiles(`enquiry-notice-${job.id}`)).find(({ mail }) => addressesOf(mail.replyTo).includes(body.email));
    if (!written) throw new Error('no notice was written for this enquiry');
    const { raw, mail } = written;
    expect(raw.includes('\r\n')).toBe(true);
    expect(mail.subject).toBe(`New enquiry from Grace ${body.lastName} (Compilers & Co)`);
    expect(mail.text).toContain(body.phone);
  });

  it('makes the outbox folder again when it was removed while the site runs', async () => {
    const dataDir = path.join(getEnv().dataDir, `removed-outbox-${unique()}`);
    const mailer = createMailer({ smtpUrl: undefined, from: getEnv().mailFrom, dataDir });
    const message = { to: 'firm@example.com', subject: 'First', text: 'one' };
    await mailer.send(message, 'first');
    await fs.rm(outboxDir(dataDir), { recursive: true });
    await mailer.send({ ...message, subject: 'Second' }, 'second');
    const files = await fs.readdir(outboxDir(dataDir));
    expect(files.map((f) => f.replace(/^.*-(\w+)\.eml$/, '$1'))).toEqual(['second']);
    expect((await simpleParser(await fs.readFile(path.join(outboxDir(dataDir), files[0]!)))).subject).toBe('Second');
  });

  it('takes a blank SMTP_URL and MAIL_FROM as unset: the enquiry is stored and its notice kept as a file, from the site', () =>
    withEnv({ SMTP_URL: '', MAIL_FROM: '' }, async () => {
      const body = enquiry();
      const r = await call(contacts, '/api/contacts', { body, ip: uniqueIp() });
      expect(r.status).toBe(201);
      const job = await until(() => jobOf(r.json.id), (j) => j.status === 'sent');
      expect(job.status).toBe('sent');
      const written = (await outboxFiles(`enquiry-notice-${job.id}`)).find(({ mail }) => addressesOf(mail.replyTo).includes(body.email));
      expect(written?.mail.from?.value).toEqual([{ name: 'Surgere website', address: contact.email }]);
    }));

  it('keeps taking enquiries with an SMTP_URL that names no mail server, the reason saying what to set and never the value', async () => {
    for (const wrong of ['smtp//user:secret@mail.example:587', 'https://user:secret@mail.example']) {
      await withEnv({ SMTP_URL: wrong }, async () => {
        const r = await call(contacts, '/api/contacts', { body: enquiry(), ip: uniqueIp() });
        expect(r.status).toBe(201);
        expect(await until(() => jobOf(r.json.id), (j) => j.lastError !== null)).toMatchObject({
          status: 'pending',
          attempts: 1,
          lastError: 'SMTP_URL is not an smtp:// or smtps:// URL: set it to the mail server, as smtp://user:password@host:587',
        });
      });
    }
  });

  it('without SMTP_URL where no file can be written (a deployed function), keeps a reason that says what to set', async () => {
    expect(process.env.SMTP_URL).toBeUndefined();
    const r = await call(contacts, '/api/contacts', { body: enquiry(), ip: uniqueIp() });
    expect(r.status).toBe(201);
    await until(() => jobOf(r.json.id), (j) => j.status === 'sent');
    const job = await jobOf(r.json.id);
    await getDb().updateTable('outbox').set({ status: 'pending', attempts: 0, lastError: null, sentAt: null }).where('id', '=', job.id).execute();
    // The data folder is a file here, as unwritable as a function's read-only folder.
    const blocked = path.join(getEnv().dataDir, `not-a-folder-${unique()}`);
    await fs.writeFile(blocked, '');
    const mailer = createMailer({ smtpUrl: undefined, from: getEnv().mailFrom, dataDir: blocked });
    await deliverDue(getDb(), mailer, { only: [job.id], now: new Date(Date.now() + 86_400_000), maxAttempts: 1 });
    const failed = await jobOf(r.json.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.lastError).toBe(`No mail server is set (SMTP_URL), and the message could not be kept as a file in ${outboxDir(blocked)} either (ENOTDIR)`);
  });
});
