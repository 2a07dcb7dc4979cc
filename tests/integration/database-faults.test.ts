/**
 * Database faults are answered, not fatal. A TCP proxy of this file's own sits between the app and
 * the run's PostgreSQL (PGlite's socket server, or the server TEST_DATABASE_URL names) and is cut
 * three ways: refuse new connections, hold silent, terminate sessions. For each, the real
 * functions and on-demand routes, called with real Requests, answer 503 with Retry-After within
 * 5 s, nothing reaches the process as an unhandled rejection or uncaught exception, and once the
 * proxy heals the same requests succeed with no restart.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import articles from '../../netlify/functions/articles.ts';
import authMe from '../../netlify/functions/auth-me.ts';
import companyStats from '../../netlify/functions/company-stats.ts';
import contacts from '../../netlify/functions/contacts.ts';
import login from '../../netlify/functions/auth-login.ts';
import newsletter from '../../netlify/functions/newsletter.ts';
import packages from '../../netlify/functions/packages.ts';
import services from '../../netlify/functions/services.ts';
import siteContent from '../../netlify/functions/site-content.ts';
import teamMembers from '../../netlify/functions/team-members.ts';
import abandonedUploadParts from '../../netlify/functions/abandoned-upload-parts.ts';
import enquiryRetention from '../../netlify/functions/enquiry-retention.ts';
import outboxSender from '../../netlify/functions/outbox-sender.ts';
import unusedImages from '../../netlify/functions/unused-images.ts';
import unsubscribeFn from '../../netlify/functions/newsletter-unsubscribe.ts';
import { createUnsubscribeToken } from '../../src/server/auth/unsubscribe-token.ts';
import { GET as rssGet } from '../../src/pages/insights/rss.xml.ts';
import { GET as sitemapGet } from '../../src/pages/sitemap.xml.ts';
import { sql } from 'kysely';
import { UPLOADS_STORE, UPLOAD_PARTS_STORE, objectStore } from '../../src/server/uploads/blobs.ts';
import { newObjectName } from '../../src/server/uploads/urls.ts';
import { closeDb, getDb, REQUEST_LIMITS, withRequestDatabase } from '../../src/server/db/client.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../src/server/db/errors.ts';
import { ACCOUNT_ADDRESS_RULE } from '../../src/server/auth/login-throttle.ts';
import { UNAVAILABLE_MESSAGE } from '../../src/server/http/errors.ts';
import { returnedForm } from '../../src/server/http/form-post.ts';
import { cookiePair, newAdmin } from '../support/admin-session.ts';
import { call, ORIGIN } from '../support/call.ts';
import { endpointContext } from '../support/endpoint-context.ts';
import { routeDatabaseThroughFaultProxy } from '../support/database-through-fault-proxy.ts';
import type { FaultMode, TcpFaultProxy } from '../support/tcp-fault-proxy.ts';
import { sampleEnquiry } from '../support/sample-enquiry.ts';
import { unique, uniqueIp } from '../support/unique.ts';

/** The answer must come within this, whatever the fault (the connect limit is 4 s). */
const ANSWER_WITHIN_MS = 5_000;

const enquiry = () => sampleEnquiry(`fault.${unique()}@example.com`);

interface Answer {
  label: string;
  status: number;
  retryAfter: string | null;
  contentType: string | null;
  cacheControl: string | null;
  cdnCacheControl: string | null;
  vary: string | null;
  body: string;
  ms: number;
}

let admin: { email: string; password: string; cookie: string };

/** Every API route that reads or writes the database, and the on-demand routes, once each. */
type Sent = { status: number; headers: Headers; text: string };
const read = async (res: Response): Promise<Sent> => ({ status: res.status, headers: res.headers, text: await res.text() });

function requests(): Array<{ label: string; ok: number; send: () => Promise<Sent> }> {
  const api = (label: string, ok: number, handler: Parameters<typeof call>[0], path: string, o: Parameters<typeof call>[2] = {}) => ({
    label,
    ok,
    send: () => call(handler, path, { ip: uniqueIp(), ...o }),
  });
  return [
    api('GET /api/services', 200, services, '/api/services'),
    api('GET /api/packages', 200, packages, '/api/packages'),
    api('GET /api/team-members', 200, teamMembers, '/api/team-members'),
    api('GET /api/company-stats', 200, companyStats, '/api/company-stats'),
    api('GET /api/site-content', 200, siteContent, '/api/site-content'),
    api('GET /api/articles', 200, articles, '/api/articles?published=true'),
    api('POST /api/contacts', 201, contacts, '/api/contacts', { body: enquiry() }),
    api('POST /api/newsletter', 201, newsletter, '/api/newsletter', { body: { email: `fault.${unique()}@example.com` } }),
    api('POST /api/auth/login', 200, login, '/api/auth/login', { body: { username: admin.email, password: admin.password } }),
    api('GET /api/auth/me', 200, authMe, '/api/auth/me', { headers: { cookie: admin.cookie } }),
    { label: 'GET /insights/rss.xml', ok: 200, send: async () => read(await rssGet(endpointContext('/insights/rss.xml'))) },
    { label: 'GET /sitemap.xml', ok: 200, send: async () => read(await sitemapGet(endpointContext('/sitemap.xml'))) },
  ];
}

async function sendAll(): Promise<Answer[]> {
  return Promise.all(
    requests().map(async ({ label, send }) => {
      const t0 = performance.now();
      const res = await send();
      const header = (name: string) => res.headers.get(name);
      return {
        label,
        status: res.status,
        retryAfter: header('retry-after'),
        contentType: header('content-type'),
        cacheControl: header('cache-control'),
        cdnCacheControl: header('netlify-cdn-cache-control'),
        vary: header('netlify-vary'),
        body: res.text,
        ms: performance.now() - t0,
      };
    }),
  );
}

let proxy: TcpFaultProxy;
let restore: (() => Promise<void>) | undefined;
const escaped: unknown[] = [];
const onEscape = (err: unknown) => escaped.push(err);

beforeAll(async () => {
  // The admin is made, and signed in, on the direct path; then everything goes through the proxy.
  const made = await newAdmin();
  const signedIn = await call(login, '/api/auth/login', { body: { username: made.email, password: made.password }, ip: uniqueIp() });
  expect(signedIn.status).toBe(200);
  admin = { ...made, cookie: cookiePair(signedIn) };
  await closeDb();

  ({ proxy, restore } = await routeDatabaseThroughFaultProxy());
});

afterAll(async () => {
  await closeDb();
  await restore?.();
});

beforeEach(() => {
  escaped.length = 0;
  process.on('unhandledRejection', onEscape);
  process.on('uncaughtException', onEscape);
});

afterEach(async () => {
  await proxy.heal();
  // Late socket errors (a reset session's close, a timed-out connect finally failing) come after
  // the answers; give them a moment to surface before the listeners go.
  await new Promise((resolve) => setTimeout(resolve, 300));
  process.off('unhandledRejection', onEscape);
  process.off('uncaughtException', onEscape);
  expect(escaped).toEqual([]);
});

function expectAllUnavailable(answers: Answer[]) {
  for (const a of answers) {
    expect(a.status, `${a.label}: ${a.body}`).toBe(503);
    expect(a.retryAfter, a.label).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(a.ms, a.label).toBeLessThan(ANSWER_WITHIN_MS);
    if (a.label.includes('/api/')) {
      expect(a.contentType, a.label).toMatch(/^application\/json/);
      expect(JSON.parse(a.body), a.label).toEqual({ error: 'The service is temporarily unavailable. Please try again in a moment.' });
    } else {
      expect(a.body, a.label).not.toMatch(/error|stack|select/i);
      // Never kept by the CDN, and keyed like the route's 200 (the CDN keeps the key instructions
      // of the first answer it sees for a URL).
      expect(a.cacheControl, a.label).toBe('no-store');
      expect(a.cdnCacheControl, a.label).toBeNull();
      expect(a.vary, a.label).toBe('query=');
    }
  }
}

async function expectAllServed() {
  const answers = await sendAll();
  const wanted = Object.fromEntries(requests().map((r) => [r.label, r.ok]));
  expect(Object.fromEntries(answers.map((a) => [a.label, a.status]))).toEqual(wanted);
}

describe('the database behind a TCP proxy the test cuts', () => {
  it('serves every route through the proxy while it relays', async () => {
    await expectAllServed();
    expect(proxy.accepted).toBeGreaterThan(0);
  });

  for (const mode of ['refuse', 'hold', 'terminate'] as const satisfies readonly FaultMode[]) {
    it(`${mode}: every route answers 503 with Retry-After within 5 s, then serves again once healed`, async () => {
      await proxy.setMode(mode);
      expectAllUnavailable(await sendAll());
      // A second round while still cut: nothing was left in a state that changes the answer.
      expectAllUnavailable(await sendAll());
      await proxy.heal();
      await expectAllServed();
    });
  }

  it('terminate during a request held at connect: the request answers 503 at once, not at its time limit', async () => {
    await proxy.setMode('hold');
    const t0 = performance.now();
    const pending = call(services, '/api/services', { ip: uniqueIp() });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await proxy.setMode('terminate');
    const r = await pending;
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(performance.now() - t0).toBeLessThan(2_000);
  });
});

describe('the unsubscribe button with the database refused', () => {
  it('answers a 503 page with the button again, not the API\'s JSON, and unsubscribes once healed', async () => {
    const email = `leaving.${unique()}@example.com`;
    const path = `/api/newsletter/unsubscribe?email=${encodeURIComponent(email)}&token=${encodeURIComponent(await createUnsubscribeToken(email))}`;
    expect((await call(newsletter, '/api/newsletter', { body: { email, sourcePage: '/insights' }, ip: uniqueIp() })).status).toBe(201);
    await proxy.setMode('refuse');
    const refused = await call(unsubscribeFn, path, { method: 'POST' });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(refused.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(refused.text).toContain('<h1>We could not unsubscribe you just now</h1>');
    expect(refused.text).toContain(`<form method="post" action="${path.replaceAll('&', '&amp;')}"><button type="submit">Try again</button></form>`);
    await proxy.heal();
    const done = await call(unsubscribeFn, path, { method: 'POST' });
    expect(done.status).toBe(200);
    expect(done.text).toContain('<h1>You have been unsubscribed</h1>');
  });
});

describe('a plain form post (no JavaScript) with the database refused', () => {
  // The visitor's browser shows whatever the function answers: the form must come back with what
  // was typed and why it was not taken, never the API's JSON.
  const FORM_POST = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };
  for (const [label, handler, path, form, fields] of [
    ['POST /api/contacts', contacts, '/api/contacts', '/contact', () => new URLSearchParams(enquiry() as unknown as Record<string, string>)],
    ['POST /api/newsletter', newsletter, '/api/newsletter', '/insights', () => new URLSearchParams({ email: `fault.${unique()}@example.com`, sourcePage: '/insights' })],
  ] as const) {
    it(`${label}: 307 back to the form with a 503 it reads back, what was typed kept; taken once healed`, async () => {
      const body = fields();
      await proxy.setMode('refuse');
      const refused = await call(handler, path, { method: 'POST', rawBody: body.toString(), headers: FORM_POST, ip: uniqueIp() });
      expect(refused.status).toBe(307);
      expect(refused.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      const location = new URL(refused.headers.get('location')!, ORIGIN);
      expect(location.pathname + location.hash).toBe(form);
      expect(Object.fromEntries(location.searchParams)).toEqual({ status: '503', error: UNAVAILABLE_MESSAGE });
      // The browser posts the same body to that address; the page reads the refusal back.
      const back = new Request(location, { method: 'POST', headers: FORM_POST, body: body.toString() });
      expect(await returnedForm(back)).toEqual({ status: 503, error: UNAVAILABLE_MESSAGE, issues: {}, values: Object.fromEntries(body) });
      await proxy.heal();
      const taken = await call(handler, path, { method: 'POST', rawBody: body.toString(), headers: FORM_POST, ip: uniqueIp() });
      expect(taken.status).toBe(303);
    });
  }
});

/** What `run` writes with console.log and console.error, a line each, kept from the test output. */
async function consoleLines(run: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  const [error, info] = [console.error, console.log];
  [console.error, console.log] = [keep, keep];
  try {
    await run();
  } finally {
    [console.error, console.log] = [error, info];
  }
  return lines;
}

describe('the scheduled housekeeping with the database refused', () => {
  it('each job fails on its own: the sender and retention log why and answer 500, the sweep of abandoned upload parts (in Blobs) still runs', async () => {
    const stale = newObjectName();
    await objectStore(UPLOAD_PARTS_STORE).createIfAbsent(`${stale}-0`, new Uint8Array(16), {
      total: '32',
      end: '15',
      uploadedAt: new Date(Date.now() - 11 * 60_000).toISOString(),
    });
    await proxy.setMode('refuse');
    const logged = await consoleLines(async () => {
      expect((await outboxSender()).status).toBe(500);
      expect((await enquiryRetention()).status).toBe(500);
      expect((await abandonedUploadParts()).status).toBe(204);
    });
    expect(await objectStore(UPLOAD_PARTS_STORE).list(`${stale}-`)).toEqual([]);
    expect(logged.map((line) => line.replace(/:.*$/s, ''))).toEqual([
      '[outbox-sender] failed',
      '[enquiry-retention] failed',
      '[abandoned-upload-parts] 1 abandoned upload parts deleted',
    ]);
  });

  it('the daily sweep of unused images deletes nothing, logs why and answers 500; the next run deletes', async () => {
    const unused = newObjectName();
    await objectStore(UPLOADS_STORE).createIfAbsent(unused, new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
      contentType: 'image/png',
      uploadedAt: new Date(Date.now() - 30 * 24 * 60 * 60_000).toISOString(),
    });
    await proxy.setMode('refuse');
    const logged = await consoleLines(async () => expect((await unusedImages()).status).toBe(500));
    // Without the articles, no image is known to be unused.
    expect(await objectStore(UPLOADS_STORE).has(unused)).toBe(true);
    expect(logged.map((line) => line.replace(/:.*$/s, ''))).toEqual(['[unused-images] failed']);

    // The next run, with the database back, deletes it (and any other unused image past the grace).
    await proxy.heal();
    const reported = await consoleLines(async () => expect((await unusedImages()).status).toBe(204));
    expect(await objectStore(UPLOADS_STORE).has(unused)).toBe(false);
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatch(/^\[unused-images\] [1-9]\d* unused images deleted$/);
  });
});

describe('a statement that runs too long', () => {
  it('is cancelled at the request limit and counts as unavailable', async () => {
    const t0 = performance.now();
    const err = await withRequestDatabase(() => sql`select pg_sleep(6)`.execute(getDb())).then(
      () => undefined,
      (e: unknown) => e,
    );
    const ms = performance.now() - t0;
    expect(isDatabaseUnavailable(err), String(err)).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(REQUEST_LIMITS.statementMs - 100);
    // The server's limit (PostgreSQL), or the client's a little later (PGlite cannot interrupt a
    // running statement), plus the connection: never the statement's own 6 s.
    expect(ms).toBeLessThan(REQUEST_LIMITS.queryMs + 1_000);
  });
});

describe('isDatabaseUnavailable', () => {
  it('tells connection failures and server unavailability from other errors', () => {
    const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    for (const err of [
      withCode('ECONNREFUSED'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57014', 'canceling statement due to statement timeout'),
      withCode('53300', 'sorry, too many clients already'),
      withCode('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      new AggregateError([withCode('ECONNREFUSED')], 'connect failed'),
      new Error('wrapped', { cause: withCode('ECONNRESET') }),
    ]) {
      expect(isDatabaseUnavailable(err), String((err as Error).message)).toBe(true);
    }
    for (const err of [
      withCode('42P01', 'relation "no_such_table" does not exist'),
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('22P02', 'invalid input syntax for type integer'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      undefined,
    ]) {
      expect(isDatabaseUnavailable(err), String((err as Error | undefined)?.message)).toBe(false);
    }
  });
});

describe('sign-in attempts the database fails', () => {
  /** What the attempts left running after their answers (the platform's waitUntil). */
  const afterAnswers: Promise<unknown>[] = [];
  const attempt = (username: string, password: string, ip: string) =>
    call(login, '/api/auth/login', { body: { username, password }, ip, waitUntil: (p) => afterAnswers.push(p) });
  const settledAfterAnswers = () => Promise.allSettled(afterAnswers.splice(0));

  /** After attempts that answered 503: the right password signs in at once, and wrong ones are throttled as ever. */
  async function expectUncounted(email: string, password: string, ip: string) {
    await settledAfterAnswers();
    const signedIn = await attempt(email, password, ip);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json).toEqual({ user: { username: email } });
    for (let i = 0; i < 5; i++) expect((await attempt(email, `wrong-${i}`, ip)).status).toBe(401);
    const sixth = await attempt(email, password, ip);
    expect(sixth.status).toBe(429);
    expect(sixth.json).toEqual({ error: ACCOUNT_ADDRESS_RULE.message });
  }

  for (const mode of ['refuse', 'terminate'] as const satisfies readonly FaultMode[]) {
    it(`${mode}: attempts while the database is cut count nothing`, async () => {
      const { email, password } = await newAdmin();
      const ip = uniqueIp();
      await proxy.setMode(mode);
      for (let i = 0; i < 7; i++) expect((await attempt(email, i % 2 ? password : `wrong-${i}`, ip)).status).toBe(503);
      await proxy.heal();
      await expectUncounted(email, password, ip);
    });
  }

  it('the connection lost after the throttle counted the attempt, before the password was checked: the attempt counts nothing', async () => {
    const { email, password } = await newAdmin();
    const ip = uniqueIp();
    // The account's look-up is the statement after the throttle's: its session is reset as it is sent.
    proxy.cutOn('from "users"');
    for (let i = 0; i < 7; i++) {
      const r = await attempt(email, i % 2 ? password : `wrong-${i}`, ip);
      expect(r.status).toBe(503);
      expect(r.json).toEqual({ error: UNAVAILABLE_MESSAGE });
    }
    await proxy.heal();
    await expectUncounted(email, password, ip);
  });

  it('the connection going silent at the account look-up: 503 within 5 s, and the attempt counts nothing', async () => {
    const { email, password } = await newAdmin();
    const ip = uniqueIp();
    // Only the session that sends the look-up goes silent; the points are given back on another.
    proxy.holdOn('from "users"');
    const t0 = performance.now();
    const r = await attempt(email, password, ip);
    const ms = performance.now() - t0;
    expect(r.status).toBe(503);
    expect(r.json).toEqual({ error: UNAVAILABLE_MESSAGE });
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    await proxy.heal();
    await expectUncounted(email, password, ip);
  });

  it('the whole database going silent at the account look-up: 503 within 5 s, and the points are given back once it answers again', async () => {
    const { email, password } = await newAdmin();
    const ip = uniqueIp();
    // The throttle's statement goes through; from the look-up on, nothing answers, new connections included.
    proxy.silenceAllOn('from "users"');
    const t0 = performance.now();
    const r = await attempt(email, password, ip);
    const ms = performance.now() - t0;
    expect(r.status).toBe(503);
    expect(r.json).toEqual({ error: UNAVAILABLE_MESSAGE });
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    // The give-back waits for the database after the answer, on the platform's waitUntil.
    expect(afterAnswers).toHaveLength(1);
    await proxy.heal();
    await settledAfterAnswers();
    // Nothing counted: five wrong passwords are each judged wrong, and only the sixth attempt is refused.
    for (let i = 0; i < 5; i++) expect((await attempt(email, `wrong-${i}`, ip)).status).toBe(401);
    const sixth = await attempt(email, password, ip);
    expect(sixth.status).toBe(429);
    expect(sixth.json).toEqual({ error: ACCOUNT_ADDRESS_RULE.message });
  });
});
