// The Enquiries and Subscribers admin APIs on a database of this file's own, holding exactly the
// 1,000 enquiries and the subscribers it makes: pages, filters, search, CSV, delete, 401s.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'csv-parse/sync';
import { useOwnDatabase } from '../support/own-database.ts';
import inbox from '../../netlify/functions/enquiries.ts';
import subscribers from '../../netlify/functions/subscribers.ts';
import subscriberWelcomes from '../../netlify/functions/subscriber-welcomes.ts';
import newsletter from '../../netlify/functions/newsletter.ts';
import unsubscribeFn from '../../netlify/functions/newsletter-unsubscribe.ts';
import enquiryRetention from '../../netlify/functions/enquiry-retention.ts';
import { getDb, withRequestDatabase } from '../../src/server/db/client.ts';
import { createUnsubscribeToken } from '../../src/server/auth/unsubscribe-token.ts';
import { signingKey } from '../../src/server/auth/keys.ts';
import { getEnv } from '../../src/server/env.ts';
import { csvDownload, neutraliseCell } from '../../src/server/http/csv.ts';
import { deleteEnquiriesOlderThan } from '../../src/server/repositories/enquiries.ts';
import { unsubscribe } from '../../src/server/repositories/subscribers.ts';
import { adminSession } from '../support/admin-session.ts';
import { asDeploy } from '../support/as-deploy.ts';
import { ORIGIN, call } from '../support/call.ts';
import { uniqueIp } from '../support/unique.ts';
import { addressesOf, outboxFiles } from '../support/outbox-files.ts';
import { withEnv } from '../support/with-env.ts';

let own: { stop: () => Promise<void> };
let cookie: string;
const COMPANIES = ['Acme Pty Ltd', 'Globex', 'Initech', 'Umbrella'];
const STATUSES = ['new', 'handled', 'archived'] as const;
const base = Date.parse('2026-01-01T00:00:00Z');

beforeAll(async () => {
  own = await useOwnDatabase();
  cookie = (await adminSession()).cookie;
  // 1,000 enquiries, one a minute, so the newest is number 999; every third handled or archived.
  const rows = Array.from({ length: 1000 }, (_, i) => ({
    firstName: i === 500 ? 'Zelda' : 'Person',
    lastName: `Number ${i}`,
    email: `person${i}@example.com`,
    phone: '+61 400 000 000',
    company: COMPANIES[i % 4]!,
    message: `Message ${i}`,
    service: 'Brand Strategy',
    page: 'Home',
    ctaButton: 'Get in Touch',
    status: STATUSES[i % 3]!,
    createdAt: new Date(base + i * 60_000),
  }));
  await getDb().insertInto('enquiries').values(rows).execute();
});

afterAll(async () => {
  await own.stop();
});

/** The answer's bytes as sent (Response.text() would drop the byte-order mark). */
async function rawBody(handler: typeof inbox, path: string): Promise<Uint8Array> {
  const res = await handler(new Request(new URL(path, ORIGIN), { headers: { cookie } }), { params: {} });
  return new Uint8Array(await res.arrayBuffer());
}

const get = (path: string, c: string | null = cookie) => call(inbox, path, { headers: c ? { cookie: c } : {} });

describe('GET /api/enquiries', () => {
  it('answers 401 without a session, for every method and the CSV', async () => {
    expect((await get('/api/enquiries', null)).status).toBe(401);
    expect((await get('/api/enquiries?format=csv', null)).status).toBe(401);
    expect((await call(inbox, '/api/enquiries/1', { params: { id: '1' } })).status).toBe(401);
    expect((await call(inbox, '/api/enquiries/1', { method: 'PATCH', body: { status: 'handled' }, params: { id: '1' } })).status).toBe(401);
    expect((await call(inbox, '/api/enquiries/1', { method: 'DELETE', params: { id: '1' } })).status).toBe(401);
    expect((await call(subscribers, '/api/subscribers')).status).toBe(401);
    expect((await call(subscribers, '/api/subscribers/1', { method: 'DELETE', params: { id: '1' } })).status).toBe(401);
  });

  it('pages 25 at a time, newest first, with the total', async () => {
    const first = await get('/api/enquiries');
    expect(first.status).toBe(200);
    expect(first.json.total).toBe(1000);
    expect(first.json.items).toHaveLength(25);
    expect(first.json.items.map((e: { lastName: string }) => e.lastName).slice(0, 2)).toEqual(['Number 999', 'Number 998']);
    const last = await get('/api/enquiries?page=40');
    expect(last.json.items.map((e: { lastName: string }) => e.lastName).at(-1)).toBe('Number 0');
    expect((await get('/api/enquiries?page=41')).json).toMatchObject({ items: [], total: 1000 });
    expect(first.json.items[0]).toMatchObject({ status: 'new', createdAt: new Date(base + 999 * 60_000).toISOString(), notice: null });
  });

  it('filters by status and searches name, email and company, server-side', async () => {
    const handled = await get('/api/enquiries?status=handled&pageSize=100');
    expect(handled.json.total).toBe(333);
    expect(handled.json.items.every((e: { status: string }) => e.status === 'handled')).toBe(true);
    expect((await get('/api/enquiries?search=zelda')).json.total).toBe(1);
    expect((await get('/api/enquiries?search=PERSON12@example')).json.total).toBe(1);
    expect((await get('/api/enquiries?search=globex')).json.total).toBe(250);
    expect((await get('/api/enquiries?search=globex&status=new')).json.total).toBe(83);
    expect((await get('/api/enquiries?search=Person%20Number%20420')).json.items.map((e: { lastName: string }) => e.lastName)).toEqual(['Number 420']);
    // LIKE's wildcards are plain text in a search.
    expect((await get('/api/enquiries?search=%25')).json.total).toBe(0);
  });

  it('answers 400 naming the fields for a bad page, size or status', async () => {
    const r = await get('/api/enquiries?page=0&pageSize=1000&status=done');
    expect(r.status).toBe(400);
    expect(Object.keys(r.json.issues).sort()).toEqual(['page', 'pageSize', 'status']);
    // Digits alone: an exponent or a fraction is no page, not page 10.
    const spelled = await get('/api/enquiries?page=1e1&pageSize=2.5');
    expect(spelled.status).toBe(400);
    expect(spelled.json.issues).toEqual({ page: 'Must be a whole number', pageSize: 'Must be a whole number' });
  });

  it('exports what the filter shows as CSV: BOM, header row, CRLF, ISO times', async () => {
    const r = await get('/api/enquiries?format=csv&status=archived&search=Initech');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = await rawBody(inbox, '/api/enquiries?format=csv&status=archived&search=Initech');
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).split('\r\n')[0]).toBe('\uFEFFID,Received,Status,First name,Last name,Email,Phone,Company,Service,Page,Button,Message,Notice,Notice error');
    const records = parse(r.text, { bom: true, columns: true }) as Record<string, string>[];
    // Initech is every fourth (i % 4 == 2), archived every third (i % 3 == 2): i % 12 == 2.
    expect(records).toHaveLength(84);
    expect(records[0]).toMatchObject({ Status: 'archived', Company: 'Initech', Received: new Date(base + 998 * 60_000).toISOString(), Phone: "'+61 400 000 000" });
  });
});

describe('the export file name', () => {
  it("carries the firm's date (Sydney), as the inbox shows its times, not the UTC one", async () => {
    const named = async (iso: string) => {
      const r = await withRequestDatabase(() => csvDownload('enquiries', [], async () => false, (async function* () {})(), new Date(iso)));
      await r.text();
      return r.headers.get('content-disposition');
    };
    // 9 am on 27 November in Sydney is still 26 November in UTC.
    expect(await named('2026-11-26T22:00:00Z')).toBe('attachment; filename="enquiries-2026-11-27.csv"');
    expect(await named('2026-06-30T13:59:00Z')).toBe('attachment; filename="enquiries-2026-06-30.csv"');
  });
});

describe('one enquiry', () => {
  it('shows every field, changes status, deletes for good', async () => {
    const id = (await get('/api/enquiries?search=zelda')).json.items[0].id as number;
    const one = await call(inbox, `/api/enquiries/${id}`, { headers: { cookie }, params: { id: String(id) } });
    expect(one.json).toMatchObject({ id, firstName: 'Zelda', lastName: 'Number 500', message: 'Message 500', ctaButton: 'Get in Touch', page: 'Home' });
    const patched = await call(inbox, `/api/enquiries/${id}`, { method: 'PATCH', body: { status: 'archived' }, headers: { cookie }, params: { id: String(id) } });
    expect(patched.status).toBe(200);
    expect(patched.json.status).toBe('archived');
    const bad = await call(inbox, `/api/enquiries/${id}`, { method: 'PATCH', body: { status: 'done' }, headers: { cookie }, params: { id: String(id) } });
    expect(bad.status).toBe(400);
    expect(bad.json.issues).toEqual({ status: 'Must be new, handled or archived' });
    expect((await call(inbox, `/api/enquiries/${id}`, { method: 'DELETE', headers: { cookie }, params: { id: String(id) } })).status).toBe(200);
    expect((await call(inbox, `/api/enquiries/${id}`, { headers: { cookie }, params: { id: String(id) } })).status).toBe(404);
    expect((await call(inbox, `/api/enquiries/${id}`, { method: 'DELETE', headers: { cookie }, params: { id: String(id) } })).status).toBe(404);
  });
});

describe('CSV injection', () => {
  it('neutralises each formula lead character and leaves other text alone', () => {
    for (const lead of ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20', '\uFE66', '\uFE62', '\uFE63', '\uFE6B']) expect(neutraliseCell(`${lead}SUM(A1)`)).toBe(`'${lead}SUM(A1)`);
    expect(neutraliseCell('Acme = best')).toBe('Acme = best');
  });

  it('quotes commas, quotes and line breaks, and neutralises formulas in an exported enquiry', async () => {
    await getDb()
      .insertInto('enquiries')
      .values({ firstName: '=HYPERLINK("http://x")', lastName: 'Quote "Q"', email: 'csv@example.com', phone: '-1', company: '@Corp, Ltd', message: 'line 1\r\nline 2', createdAt: new Date(base - 1000) })
      .execute();
    const r = await get('/api/enquiries?format=csv&search=csv@example.com');
    expect(r.text).toContain(`"'=HYPERLINK(""http://x"")","Quote ""Q""",csv@example.com,'-1,"'@Corp, Ltd",,,,"line 1\r\nline 2"`);
    const [record] = parse(r.text, { bom: true, columns: true }) as Record<string, string>[];
    expect(record).toMatchObject({ 'First name': `'=HYPERLINK("http://x")`, Company: "'@Corp, Ltd", Message: 'line 1\r\nline 2' });
  });

  it('quotes a bare line feed (a textarea\'s line break), so no line of a cell starts a record of its own', async () => {
    await getDb()
      .insertInto('enquiries')
      .values({ firstName: 'Lf', lastName: "Z\n=cmd|' /C calc'!A0", email: 'lf@example.com', phone: '0400', company: 'Lf Co', message: 'Hi there\nWe need help\rThanks', createdAt: new Date(base - 2000) })
      .execute();
    const r = await get('/api/enquiries?format=csv&search=lf@example.com');
    expect(r.text).toContain(`,Lf,"Z\n=cmd|' /C calc'!A0",lf@example.com,0400,Lf Co,,,,"Hi there\nWe need help\rThanks",`);
    const records = parse(r.text, { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ 'Last name': "Z\n=cmd|' /C calc'!A0", Message: 'Hi there\nWe need help\rThanks' });
  });

  it('quotes a cell holding a semicolon, so Excel set to split on semicolons cannot start a formula cell inside it', async () => {
    // Excel in much of Europe opens a .csv on the list separator ';' (quotes still group a cell):
    // unquoted, 'Acme;=1+1' is the cells 'Acme' and '=1+1', a formula that leading-character
    // neutralising never saw.
    await getDb()
      .insertInto('enquiries')
      .values({ firstName: 'Semi', lastName: "x;=cmd|' /C calc'!A0", email: 'semi@example.com', phone: '0400', company: 'Acme;@SUM(A1)', message: 'Hi', createdAt: new Date(base - 3000) })
      .execute();
    const r = await get('/api/enquiries?format=csv&search=semi@example.com');
    expect(r.text).toContain(`,Semi,"x;=cmd|' /C calc'!A0",semi@example.com,0400,"Acme;@SUM(A1)",`);
    const [record] = parse(r.text, { bom: true, columns: true }) as Record<string, string>[];
    expect(record).toMatchObject({ 'Last name': "x;=cmd|' /C calc'!A0", Company: 'Acme;@SUM(A1)' });
  });
});

describe('subscribers', () => {
  const subscribe = (email: string, page = '/insights') => call(newsletter, '/api/newsletter', { body: { email, sourcePage: page }, ip: uniqueIp() });
  const list = (query = '') => call(subscribers, `/api/subscribers${query}`, { headers: { cookie } });

  it('records when and from which page, lists, counts, searches and exports the subscribed ones', async () => {
    expect((await subscribe('one@example.com', '/insights')).status).toBe(201);
    expect((await subscribe('two@example.com', '/insights/some-article')).status).toBe(201);
    expect((await subscribe('=three@example.com')).status).toBe(400);
    const page = await list();
    expect(page.json.total).toBe(2);
    expect(page.json.items[0]).toMatchObject({ email: 'two@example.com', status: 'subscribed', sourcePage: '/insights/some-article', unsubscribedAt: null });
    expect(Date.now() - Date.parse(page.json.items[0].subscribedAt)).toBeLessThan(60_000);
    expect((await list('?search=ONE')).json.items.map((s: { email: string }) => s.email)).toEqual(['one@example.com']);
    const welcome = await getDb().selectFrom('outbox').selectAll().where('kind', '=', 'welcome').where('subscriberId', '=', page.json.items[0].id).executeTakeFirstOrThrow();
    expect(welcome.payload).toMatchObject({ to: 'two@example.com', headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } });
  });

  it('names the configured origin in the unsubscribe link whatever Host the sign-up came with, and without one only a loopback host', async () => {
    const welcomeLink = async (email: string) => {
      const row = await getDb()
        .selectFrom('outbox')
        .innerJoin('subscribers', 'subscribers.id', 'outbox.subscriberId')
        .select('outbox.payload')
        .where('subscribers.email', '=', email)
        .executeTakeFirstOrThrow();
      return (row.payload as { headers: Record<string, string> }).headers['List-Unsubscribe']!.slice(1, -1);
    };
    const signUp = (origin: string, email: string) =>
      newsletter(new Request(`${origin}/api/newsletter`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, sourcePage: '/insights' }) }), {
        params: {},
        ip: uniqueIp(),
      });

    // Without a configured origin, another host's sign-up is taken all the same, its welcome queued
    // with no link: the sender composes it from SITE_URL once that is set (outbox.test.ts).
    expect(process.env.SITE_URL).toBeUndefined();
    const unconfigured = await signUp('http://evil.example', 'host-header@example.com');
    expect(unconfigured.status).toBe(201);
    expect((await list('?search=host-header@example.com&status=all')).json.items.map((s: { email: string; status: string }) => [s.email, s.status])).toEqual([
      ['host-header@example.com', 'subscribed'],
    ]);
    const queued = await getDb()
      .selectFrom('outbox')
      .innerJoin('subscribers', 'subscribers.id', 'outbox.subscriberId')
      .select('outbox.payload')
      .where('subscribers.email', '=', 'host-header@example.com')
      .executeTakeFirstOrThrow();
    expect(queued.payload).toEqual({ to: 'host-header@example.com', composeAtSend: true });
    expect((await signUp('http://127.0.0.1:4399', 'loopback@example.com')).status).toBe(201);
    expect(await welcomeLink('loopback@example.com')).toMatch(/^http:\/\/127\.0\.0\.1:4399\/api\/newsletter\/unsubscribe\?email=loopback%40example\.com&token=/);

    await withEnv({ SITE_URL: 'https://surgere.example' }, async () => {
      expect((await signUp('http://evil.example', 'configured@example.com')).status).toBe(201);
      expect(new URL(await welcomeLink('configured@example.com')).origin).toBe('https://surgere.example');
    });
    // Blank is unset, as the build reads it: a loopback sign-up names its own origin.
    await withEnv({ SITE_URL: '' }, async () => {
      expect((await signUp('http://127.0.0.1:4399', 'blank-site@example.com')).status).toBe(201);
      expect(new URL(await welcomeLink('blank-site@example.com')).origin).toBe('http://127.0.0.1:4399');
    });
    // A deploy preview's (or branch deploy's) mail names that deploy: its subscriber is in its own
    // database, and Netlify's URL, the live site's, would carry the link (and its token) there.
    const preview = 'https://deploy-preview-4--surgere.netlify.app';
    await withEnv({ URL: 'https://surgere.example' }, () =>
      asDeploy('deploy-preview', async () => {
        expect((await signUp(preview, 'preview@example.com')).status).toBe(201);
        expect(new URL(await welcomeLink('preview@example.com')).origin).toBe(preview);
      }),
    );
    await withEnv({ URL: 'https://surgere.example' }, () =>
      asDeploy('production', async () => {
        expect((await signUp('https://surgere.netlify.app', 'live@example.com')).status).toBe(201);
        expect(new URL(await welcomeLink('live@example.com')).origin).toBe('https://surgere.example');
      }),
    );
    for (const email of ['host-header@example.com', 'loopback@example.com', 'configured@example.com', 'blank-site@example.com', 'preview@example.com', 'live@example.com']) {
      await getDb().deleteFrom('subscribers').where('email', '=', email).execute();
    }
  });

  it('unsubscribes through the link, keeps the address out of the default export, and resubscribes on a new sign-up', async () => {
    const email = 'leaver@example.com';
    expect((await subscribe(email)).status).toBe(201);
    const link = new URL(((await getDb().selectFrom('outbox').select('payload').where('kind', '=', 'welcome').orderBy('id', 'desc').executeTakeFirstOrThrow()).payload as { headers: Record<string, string> }).headers['List-Unsubscribe']!.slice(1, -1));
    expect(link.pathname).toBe('/api/newsletter/unsubscribe');
    expect(link.searchParams.get('email')).toBe(email);

    // The one-click POST of RFC 8058, as a mail client sends it.
    const r = await call(unsubscribeFn, `${link.pathname}${link.search}`, {
      method: 'POST',
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(r.text).toContain('You have been unsubscribed');
    const row = (await list(`?search=${email}`)).json.items[0];
    expect(row).toMatchObject({ status: 'unsubscribed' });
    expect(row.unsubscribedAt).not.toBeNull();
    // Following the link again asks again (and posting again confirms again), from this site, from
    // a webmail's own page, or from an opaque origin: the token, not the origin, is the proof.
    expect((await call(unsubscribeFn, `${link.pathname}${link.search}`)).status).toBe(200);
    for (const origin of [ORIGIN, 'https://webmail.example', 'null']) {
      const again = await call(unsubscribeFn, `${link.pathname}${link.search}`, { method: 'POST', headers: { origin } });
      expect([again.status, again.text.includes('You have been unsubscribed')]).toEqual([200, true]);
    }

    const csv = await list('?format=csv');
    expect(csv.text).not.toContain(email);
    expect(csv.text).toContain('one@example.com');
    expect((await list('?format=csv&status=all')).text).toContain(email);
    expect((await list('?status=unsubscribed')).json.total).toBe(1);

    // Signing up again answers 201 (the success toast), and the consent is the new one.
    expect((await subscribe(email, '/insights/again')).status).toBe(201);
    expect((await list(`?search=${email}`)).json.items[0]).toMatchObject({ status: 'subscribed', sourcePage: '/insights/again', unsubscribedAt: null });
    expect((await subscribe(email)).status).toBe(409);
  });

  it('refuses forged, expired and other-address tokens, and changes nothing', async () => {
    const email = 'stays@example.com';
    expect((await subscribe(email)).status).toBe(201);
    const forged = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(email).setExpirationTime('1h').sign(new TextEncoder().encode('x'.repeat(48)));
    const otherPurpose = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(email).setExpirationTime('1h').sign(signingKey('session'));
    const expired = await createUnsubscribeToken(email, -60);
    const otherAddress = await createUnsubscribeToken('someone.else@example.com');
    const unsigned = `${btoa(JSON.stringify({ alg: 'none' }))}.${btoa(JSON.stringify({ sub: email }))}.`;
    for (const token of [forged, otherPurpose, expired, otherAddress, unsigned, '', 'garbage']) {
      const r = await call(unsubscribeFn, `/api/newsletter/unsubscribe?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`);
      expect(r.status).toBe(400);
      expect(r.text).toContain('This unsubscribe link is not valid');
      // The way out it offers is a link, not an address to copy by hand.
      expect(r.text).toContain('<p><a href="mailto:hello@surgere.com.au?subject=Unsubscribe%20me%20from%20the%20newsletter">Email hello@surgere.com.au</a></p>');
      // Posted from another site, the same token changes nothing either.
      const posted = await call(unsubscribeFn, `/api/newsletter/unsubscribe?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`, { method: 'POST', headers: { origin: 'https://evil.example' } });
      expect(posted.status).toBe(400);
    }
    expect((await list(`?search=${email}`)).json.items[0].status).toBe('subscribed');
    // The genuine token still works, in any letter case of the address.
    const good = await createUnsubscribeToken(email);
    const url = `/api/newsletter/unsubscribe?email=${encodeURIComponent(email.toUpperCase())}&token=${good}`;
    expect((await call(unsubscribeFn, url, { method: 'POST' })).status).toBe(200);
    expect((await list(`?search=${email}`)).json.items[0].status).toBe('unsubscribed');
  });

  it('opening the link (GET or HEAD, as mail scanners do) only asks; the button posts and unsubscribes', async () => {
    const email = 'scanned@example.com';
    expect((await subscribe(email)).status).toBe(201);
    const url = `/api/newsletter/unsubscribe?email=${encodeURIComponent(email)}&token=${await createUnsubscribeToken(email)}`;
    const page = await call(unsubscribeFn, url);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain('<h1>Unsubscribe from the newsletter?</h1>');
    expect(page.text).toContain(`<form method="post" action="${url.replaceAll('&', '&amp;')}"><button type="submit">Unsubscribe</button></form>`);
    expect((await call(unsubscribeFn, url, { method: 'HEAD' })).status).toBe(200);
    expect((await list(`?search=${email}`)).json.items[0].status).toBe('subscribed');

    // The button: a same-site form post with an empty body.
    const posted = await call(unsubscribeFn, url, { method: 'POST', rawBody: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(posted.status).toBe(200);
    expect(posted.text).toContain('<h1>You have been unsubscribed</h1>');
    expect((await list(`?search=${email}`)).json.items[0].status).toBe('unsubscribed');
  });

  it('keeps the address and token of its link from the page its Back to Insights link opens (no Referer), asking, done and refused alike', async () => {
    const email = 'referrer@example.com';
    expect((await subscribe(email)).status).toBe(201);
    const url = `/api/newsletter/unsubscribe?email=${encodeURIComponent(email)}&token=${await createUnsubscribeToken(email)}`;
    const pages = [
      await call(unsubscribeFn, url),
      await call(unsubscribeFn, url, { method: 'POST', rawBody: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      await call(unsubscribeFn, `${url}x`),
    ];
    expect(pages.map((page) => [page.status, page.text.includes('<a href="/insights">Back to Insights</a>'), page.headers.get('referrer-policy')])).toEqual([
      [200, true, 'no-referrer'],
      [200, true, 'no-referrer'],
      [400, true, 'no-referrer'],
    ]);
  });

  it("drops the address's unsent welcome in the same statement as the unsubscribe", async () => {
    const db = getDb();
    const { id } = await db.insertInto('subscribers').values({ email: 'queued@example.com' }).returning('id').executeTakeFirstOrThrow();
    const later = new Date(Date.now() + 3_600_000);
    await db.insertInto('outbox').values({ kind: 'welcome', payload: JSON.stringify({ to: 'queued@example.com' }), subscriberId: id, nextAttemptAt: later, lastError: null, enquiryId: null }).execute();
    expect(await unsubscribe(db, ' QUEUED@example.com ')).toBe(true);
    expect(await db.selectFrom('outbox').select('id').where('subscriberId', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('subscribers').select('status').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ status: 'unsubscribed' });
    expect(await unsubscribe(db, 'nobody@example.com')).toBe(false);
  });

  it('deletes an address with its queued messages', async () => {
    const id = (await list('?search=one@')).json.items[0].id as number;
    expect((await call(subscribers, `/api/subscribers/${id}`, { method: 'DELETE', headers: { cookie }, params: { id: String(id) } })).status).toBe(200);
    expect((await list('?search=one@')).json.total).toBe(0);
    expect(await getDb().selectFrom('outbox').select('id').where('subscriberId', '=', id).execute()).toHaveLength(0);
  });

  it('answers a genuine link of an address deleted since as unsubscribed (one-click and button alike), and stores nothing', async () => {
    const email = 'deleted-since@example.com';
    expect((await subscribe(email)).status).toBe(201);
    const id = (await list(`?search=${email}`)).json.items[0].id as number;
    expect((await call(subscribers, `/api/subscribers/${id}`, { method: 'DELETE', headers: { cookie }, params: { id: String(id) } })).status).toBe(200);
    const url = `/api/newsletter/unsubscribe?email=${encodeURIComponent(email)}&token=${await createUnsubscribeToken(email)}`;
    for (const rawBody of ['List-Unsubscribe=One-Click', '']) {
      const r = await call(unsubscribeFn, url, { method: 'POST', rawBody, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(r.status).toBe(200);
      expect(r.text).toContain('<h1>You have been unsubscribed</h1>');
    }
    expect((await list(`?search=${email}&status=all`)).json.total).toBe(0);
  });
});

describe('a welcome that gave up', () => {
  const REASON = 'EENVELOPE: 550 Mailbox unavailable';
  const list = (query: string) => call(subscribers, `/api/subscribers${query}`, { headers: { cookie } });
  const welcomeAgain = (id: number, headers: Record<string, string> = { cookie }) =>
    call(subscriberWelcomes, `/api/subscribers/${id}/welcome`, { method: 'POST', params: { id: String(id) }, headers });
  const welcomeOf = (subscriberId: number) =>
    getDb().selectFrom('outbox').selectAll().where('subscriberId', '=', subscriberId).where('kind', '=', 'welcome').executeTakeFirstOrThrow();

  /** A subscriber whose welcome used up its attempts, as the sender leaves one. */
  async function withFailedWelcome(email: string) {
    const db = getDb();
    const { id } = await db.insertInto('subscribers').values({ email, sourcePage: '/insights' }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('outbox')
      .values({
        kind: 'welcome',
        payload: JSON.stringify({ to: email, subject: 'Welcome to the Surgere newsletter', text: `Welcome, ${email}` }),
        status: 'failed',
        attempts: 8,
        lastError: REASON,
        subscriberId: id,
        enquiryId: null,
      })
      .execute();
    return id;
  }

  it('shows in the list with its reason; Send welcome again puts it back and sends it to the subscriber right after the answer', async () => {
    const email = 'welcome-failed@example.com';
    const id = await withFailedWelcome(email);
    const [listed] = (await list(`?search=${email}`)).json.items;
    expect(listed).toMatchObject({ id, email, status: 'subscribed', welcome: { status: 'failed', attempts: 8, lastError: REASON, sentAt: null } });

    // Admins only, and only from the site's own pages.
    expect((await welcomeAgain(id, {})).status).toBe(401);
    expect((await welcomeAgain(id, { cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect(await welcomeOf(id)).toMatchObject({ status: 'failed', attempts: 8 });

    const again = await welcomeAgain(id);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ ...listed, welcome: { status: 'pending', attempts: 0, lastError: REASON, sentAt: null } });
    const sent = await vi.waitFor(
      async () => {
        const job = await welcomeOf(id);
        expect(job.status).toBe('sent');
        return job;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    // No SMTP_URL here: the message sent is the .eml file, to the subscriber's own address.
    expect((await outboxFiles(`welcome-${sent.id}`)).map(({ mail }) => addressesOf(mail.to))).toContainEqual([email]);
    expect((await list(`?search=${email}`)).json.items[0].welcome).toMatchObject({ status: 'sent', attempts: 1, lastError: null });

    // Sent (or still being tried): not sent again.
    const twice = await welcomeAgain(id);
    expect(twice.status).toBe(409);
    expect(twice.json).toEqual({ error: 'This welcome has not failed: it is sent, or still being tried' });
  });

  it("is in the subscribers CSV: the welcome's status, and the reason only while it has failed", async () => {
    const email = 'welcome-failed-csv@example.com';
    await withFailedWelcome(email);
    // The BOM is dropped as the body is decoded (the enquiries export pins its bytes).
    const header = 'Email,Status,Subscribed,Source page,Unsubscribed,Welcome,Welcome error';
    const csv = await call(subscribers, `/api/subscribers?format=csv&search=${email}`, { headers: { cookie } });
    expect(csv.status).toBe(200);
    expect(csv.text.split('\r\n')[0]).toBe(header);
    const [row] = parse(csv.text, { bom: true, columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({ Email: email, Status: 'subscribed', 'Source page': '/insights', Unsubscribed: '', Welcome: 'failed', 'Welcome error': REASON });
    const none = await call(subscribers, '/api/subscribers?format=csv&search=no-such-reader@example.com', { headers: { cookie } });
    expect(none.text).toBe(`${header}\r\n`);
  });

  it('is never sent again to an address that has unsubscribed', async () => {
    const email = 'welcome-failed-left@example.com';
    const id = await withFailedWelcome(email);
    expect(await unsubscribe(getDb(), email)).toBe(true);
    const refused = await welcomeAgain(id);
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({ error: 'This address has unsubscribed: it is sent no welcome' });
    expect(await welcomeOf(id)).toMatchObject({ status: 'failed', attempts: 8, lastError: REASON });
  });

  it('answers 404 for an unknown subscriber, and for one without a welcome (listed with welcome null)', async () => {
    const unknown = await welcomeAgain(2_147_483_000);
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: 'Subscriber or welcome not found' });
    const { id } = await getDb().insertInto('subscribers').values({ email: 'no-welcome@example.com' }).returning('id').executeTakeFirstOrThrow();
    expect((await list('?search=no-welcome@example.com')).json.items[0]).toMatchObject({ id, welcome: null });
    expect((await welcomeAgain(id)).json).toEqual({ error: 'Subscriber or welcome not found' });
  });
});

describe('hostile input', () => {
  it('answers 400 naming the field for unstorable text in a search, a status or a sign-up page; 400 for an unsubscribe address', async () => {
    const search = await get(`/api/enquiries?search=${encodeURIComponent('a\u0000b')}`);
    expect(search.status).toBe(400);
    expect(Object.keys(search.json.issues)).toEqual(['search']);
    const subs = await call(subscribers, `/api/subscribers?search=%00&status=gone`, { headers: { cookie } });
    expect(subs.status).toBe(400);
    expect(Object.keys(subs.json.issues).sort()).toEqual(['search', 'status']);
    const signUp = await call(newsletter, '/api/newsletter', { body: { email: 'page@example.com', sourcePage: '/x\u0000' }, ip: uniqueIp() });
    expect(signUp.status).toBe(400);
    expect(Object.keys(signUp.json.issues)).toEqual(['sourcePage']);
    const token = await createUnsubscribeToken('a\u0000b@example.com');
    const r = await call(unsubscribeFn, `/api/newsletter/unsubscribe?email=${encodeURIComponent('a\u0000b@example.com')}&token=${token}`);
    expect(r.status).toBe(400);
  });
});

describe('retention', () => {
  it('the hourly enquiry-retention run deletes enquiries older than ENQUIRY_RETENTION_DAYS, with their jobs', async () => {
    const old = await getDb()
      .insertInto('enquiries')
      .values({ firstName: 'Old', lastName: 'Timer', email: 'old@example.com', phone: '1', company: 'Past', message: 'm', createdAt: new Date(Date.now() - 731 * 86_400_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recent = await getDb()
      .insertInto('enquiries')
      .values({ firstName: 'Recent', lastName: 'One', email: 'recent@example.com', phone: '1', company: 'Now', message: 'm', createdAt: new Date(Date.now() - 729 * 86_400_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await getDb().insertInto('outbox').values({ kind: 'enquiry-notice', payload: '{}', enquiryId: old.id, status: 'failed' }).execute();
    const r = await enquiryRetention();
    expect(r.status).toBe(204);
    expect(await getDb().selectFrom('enquiries').select('id').where('id', 'in', [old.id, recent.id]).execute()).toEqual([{ id: recent.id }]);
    expect(await getDb().selectFrom('outbox').select('id').where('enquiryId', '=', old.id).execute()).toHaveLength(0);
  });

  it('deletes a backlog in bounded statements, the oldest first, and leaves what one run may not reach to the next', async () => {
    const day = 86_400_000;
    // Far older than anything else here: only these are past a retention of 5,000 days.
    await getDb()
      .insertInto('enquiries')
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          firstName: 'Backlog',
          lastName: String(i),
          email: `backlog${i}@example.com`,
          phone: '1',
          company: 'Past',
          message: 'm',
          createdAt: new Date(Date.now() - (6_000 + i) * day),
        })),
      )
      .execute();
    const left = () => getDb().selectFrom('enquiries').select('lastName').where('firstName', '=', 'Backlog').orderBy('createdAt', 'desc').execute();
    const batches = { batchSize: 10, maxBatches: 2 };
    expect(await deleteEnquiriesOlderThan(getDb(), 5_000, new Date(), batches)).toBe(20);
    // The 20 oldest went; the 5 newest of the backlog wait for the next run.
    expect((await left()).map((r) => r.lastName)).toEqual(['0', '1', '2', '3', '4']);
    expect(await deleteEnquiriesOlderThan(getDb(), 5_000, new Date(), batches)).toBe(5);
    expect(await left()).toEqual([]);
    expect(await deleteEnquiriesOlderThan(getDb(), 5_000, new Date(), batches)).toBe(0);
  });
});
