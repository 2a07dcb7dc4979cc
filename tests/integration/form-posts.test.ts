/**
 * Plain HTML form posts (no JavaScript): the enquiry and newsletter functions take
 * application/x-www-form-urlencoded through the same schema, Origin check, honeypot and rate limit
 * as JSON, answer 303 to the form's page at its sent fragment when they accept, and 307 back to the
 * form's page (method and body kept) when they refuse, the page the form was posted from when its
 * action names it; and the page reads that refusal back.
 */
import { describe, expect, it, vi } from 'vitest';
import contacts from '../../netlify/functions/contacts.ts';
import newsletter from '../../netlify/functions/newsletter.ts';
import { getDb } from '../../src/server/db/client.ts';
import { returnedForm } from '../../src/server/http/form-post.ts';
import { SUBMISSION_KEY_WINDOW_MS } from '../../src/server/derived-submission-key.ts';
import { call, ORIGIN } from '../support/call.ts';
import { sampleEnquiry } from '../support/sample-enquiry.ts';
import { ENQUIRY_LIMITS } from '../../src/schemas/enquiry-limits.ts';
import { unique, uniqueIp } from '../support/unique.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };

/** The sample enquiry as a plain HTML form posts it: with its honeypot field, empty. */
const postedEnquiry = () => ({ ...sampleEnquiry(), website: '' });

const post = (handler: typeof contacts, path: string, fields: Record<string, string>, ip = uniqueIp(), headers = FORM) =>
  call(handler, path, { method: 'POST', rawBody: new URLSearchParams(fields).toString(), headers, ip });

/** The query of a 307 back to the form, as a record. */
const refusal = (location: string | null) => Object.fromEntries(new URL(location!, ORIGIN).searchParams);

describe('a plain form post to POST /api/contacts', () => {
  it('stores the enquiry, context included, and answers 303 to /contact saying it was sent', async () => {
    const fields = postedEnquiry();
    const r = await post(contacts, '/api/contacts', fields);
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/contact#enquiry-sent');
    expect(r.text).toBe('');
    const row = await getDb().selectFrom('enquiries').selectAll().where('email', '=', fields.email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ firstName: 'Ada', company: 'Analytical Engines', service: 'Marketing Strategy Assessment', page: 'Home', ctaButton: 'Free Marketing Strategy Assessment' });
  });

  it('sends a refused form back to /contact with 307, naming the fields, and stores nothing', async () => {
    const fields = { ...postedEnquiry(), firstName: '   ', email: 'ada@' };
    const r = await post(contacts, '/api/contacts', fields);
    expect(r.status).toBe(307);
    const location = new URL(r.headers.get('location')!, ORIGIN);
    expect(location.pathname).toBe('/contact');
    // No #fragment: the page opened at one would not autofocus the field to correct.
    expect(location.hash).toBe('');
    expect(refusal(r.headers.get('location'))).toEqual({ status: '400', error: 'Invalid request', 'issue.firstName': 'Required', 'issue.email': 'Invalid email' });
    // What was typed is never put in the URL.
    expect(r.headers.get('location')).not.toContain('Lovelace');
    expect(await getDb().selectFrom('enquiries').select('id').where('lastName', '=', 'Lovelace').where('email', '=', 'ada@').execute()).toEqual([]);
  });

  it('keeps nothing a bot puts in the honeypot, and still answers as if sent', async () => {
    const fields = { ...postedEnquiry(), website: 'https://spam.example' };
    const r = await post(contacts, '/api/contacts', fields);
    expect(r.status).toBe(303);
    expect(await getDb().selectFrom('enquiries').select('id').where('email', '=', fields.email).execute()).toEqual([]);
  });

  it('refuses a plain form post from another site with 403, as for JSON', async () => {
    const fields = postedEnquiry();
    const r = await post(contacts, '/api/contacts', fields, uniqueIp(), { ...FORM, origin: 'https://attacker.example' });
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ error: 'Cross-site request refused' });
    expect(await getDb().selectFrom('enquiries').select('id').where('email', '=', fields.email).execute()).toEqual([]);
  });

  it('counts plain form posts against the same hourly limit, and sends the 429 back with Retry-After', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i += 1) expect((await post(contacts, '/api/contacts', postedEnquiry(), ip)).status).toBe(303);
    const refused = await post(contacts, '/api/contacts', postedEnquiry(), ip);
    expect(refused.status).toBe(307);
    // Until the hour that started with the first of the twenty posts ends.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(59 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(refusal(refused.headers.get('location'))).toEqual({
      status: '429',
      error: 'Too many messages from your network in the last hour. Please try again later or email us at hello@surgere.com.au.',
    });
  });

  it('stores a form sent twice (a double click, a resubmission after a lost answer) once: the second is answered 303 too, with no second notice or rate-limit point', async () => {
    const fields = postedEnquiry();
    const ip = uniqueIp();
    // The key holds the ten-minute window the post arrives in: the clock stays inside one, so a
    // run that happens to cross a window's edge does not store the form twice.
    vi.useFakeTimers({ toFake: ['Date'], now: Math.floor(Date.now() / SUBMISSION_KEY_WINDOW_MS) * SUBMISSION_KEY_WINDOW_MS + 1000 });
    try {
      // More sends than the hour allows (20): a repeat spends no point, so none is refused. Each
      // over a new connection of a proxy that writes the client's port: the same client still.
      for (let i = 0; i < 25; i += 1) {
        const r = await post(contacts, '/api/contacts', fields, `${ip}:${50_000 + i}`);
        expect(r.status).toBe(303);
        expect(r.headers.get('location')).toBe('/contact#enquiry-sent');
      }
    } finally {
      vi.useRealTimers();
    }
    const rows = await getDb().selectFrom('enquiries').select('id').where('email', '=', fields.email).execute();
    expect(rows).toHaveLength(1);
    const notices = await getDb().selectFrom('outbox').select('id').where('enquiryId', '=', rows[0]!.id).execute();
    expect(notices).toHaveLength(1);
  });

  it('stores changed words, or the same words from another client, as enquiries of their own', async () => {
    const fields = postedEnquiry();
    const ip = uniqueIp();
    expect((await post(contacts, '/api/contacts', fields, ip)).status).toBe(303);
    expect((await post(contacts, '/api/contacts', { ...fields, message: `${fields.message} Also: pricing.` }, ip)).status).toBe(303);
    expect((await post(contacts, '/api/contacts', fields, uniqueIp())).status).toBe(303);
    const rows = await getDb().selectFrom('enquiries').select('message').where('email', '=', fields.email).orderBy('id').execute();
    expect(rows.map((row) => row.message)).toEqual([fields.message, `${fields.message} Also: pricing.`, fields.message]);
  });

  it('sends a form typed to its fields\' maxlength back whole, whatever the characters\' bytes, naming each field past its limit in characters', async () => {
    // The fields' maxlength (twice their limits in characters, as the browser counts UTF-16 units)
    // filled with a three-byte character: nine bytes each once form-encoded, 98 KB in all.
    const fields = {
      ...postedEnquiry(),
      firstName: '漢'.repeat(2 * ENQUIRY_LIMITS.name),
      lastName: '漢'.repeat(2 * ENQUIRY_LIMITS.name),
      phone: '漢'.repeat(2 * ENQUIRY_LIMITS.phone),
      company: '漢'.repeat(2 * ENQUIRY_LIMITS.company),
      message: '漢'.repeat(2 * ENQUIRY_LIMITS.message),
    };
    const body = new URLSearchParams(fields).toString();
    expect(body.length).toBeGreaterThan(96_000);
    const r = await post(contacts, '/api/contacts', fields);
    expect(r.status).toBe(307);
    const location = r.headers.get('location')!;
    expect(refusal(location)).toEqual({
      status: '400',
      error: 'Invalid request',
      'issue.firstName': 'Must be 100 characters or fewer',
      'issue.lastName': 'Must be 100 characters or fewer',
      'issue.phone': 'Must be 40 characters or fewer',
      'issue.company': 'Must be 200 characters or fewer',
      'issue.message': 'Must be 5000 characters or fewer',
    });
    const back = new Request(new URL(location, ORIGIN), { method: 'POST', headers: FORM, body });
    expect((await returnedForm(back))?.values).toEqual(fields);
  });

  it('still answers JSON islands with JSON', async () => {
    const { website: _honeypot, ...body } = postedEnquiry();
    const r = await call(contacts, '/api/contacts', { body, ip: uniqueIp() });
    expect(r.status).toBe(201);
    expect(r.json.id).toBeGreaterThan(0);
  });

  it('sends a form whose bytes, raw or %-escaped, are not UTF-8 back to /contact with 400, and stores nothing: never text with U+FFFD in place of what was sent', async () => {
    const fields = postedEnquiry();
    const encoded = new URLSearchParams(fields).toString();
    const latin1Raw = Buffer.concat([Buffer.from(`${encoded}&lastName=`), Buffer.from([0x4c, 0xf6, 0x76, 0x65])]); // 'Löve' in Latin-1
    for (const [label, body] of [
      ['a raw Latin-1 byte', latin1Raw],
      ['a %-escaped Latin-1 byte', `${encoded}&lastName=L%F6ve`],
      ['a truncated %-escaped sequence', `${encoded}&lastName=L%C3`],
    ] as const) {
      const r = await call(contacts, '/api/contacts', { method: 'POST', rawBody: body, headers: FORM, ip: uniqueIp() });
      expect(r.status, label).toBe(307);
      expect(refusal(r.headers.get('location')), label).toEqual({ status: '400', error: 'Body is not valid UTF-8' });
    }
    expect(await getDb().selectFrom('enquiries').select('id').where('email', '=', fields.email).execute()).toEqual([]);
    // The same name written in UTF-8, raw or escaped, is taken as written.
    const r = await call(contacts, '/api/contacts', { method: 'POST', rawBody: `${encoded.replace(/lastName=[^&]*/, 'lastName=L%C3%B6ve')}`, headers: FORM, ip: uniqueIp() });
    expect(r.status).toBe(303);
    expect(await getDb().selectFrom('enquiries').select('lastName').where('email', '=', fields.email).execute()).toEqual([{ lastName: 'Löve' }]);
  });

  it('answers a body neither JSON nor a form post with 415 naming both, the two ways the site sends a submission', async () => {
    for (const [handler, path] of [[contacts, '/api/contacts'], [newsletter, '/api/newsletter']] as const) {
      for (const type of ['text/plain', 'multipart/form-data; boundary=x']) {
        const r = await call(handler, path, { method: 'POST', rawBody: 'email=a%40example.com', headers: { 'content-type': type, 'x-nf-client-connection-ip': uniqueIp() } });
        expect([r.status, r.json], `${path} ${type}`).toEqual([415, { error: 'Content-Type must be application/json or application/x-www-form-urlencoded' }]);
      }
    }
  });

  it('sends a form declaring a charset other than UTF-8 back to /contact with 415, and takes one declaring UTF-8 by any of its names', async () => {
    const fields = postedEnquiry();
    for (const type of ['application/x-www-form-urlencoded; charset=iso-8859-1', 'application/x-www-form-urlencoded;charset="Windows-1252"']) {
      const r = await post(contacts, '/api/contacts', fields, uniqueIp(), { ...FORM, 'content-type': type });
      expect(r.status, type).toBe(307);
      expect(refusal(r.headers.get('location')), type).toEqual({ status: '415', error: 'Content-Type charset must be utf-8' });
    }
    expect(await getDb().selectFrom('enquiries').select('id').where('email', '=', fields.email).execute()).toEqual([]);
    const r = await post(contacts, '/api/contacts', fields, uniqueIp(), { ...FORM, 'content-type': 'application/x-www-form-urlencoded; charset="UTF-8"' });
    expect(r.status).toBe(303);
  });
});

/** How many welcomes were queued for `email`. */
const welcomesTo = async (email: string) =>
  (
    await getDb()
      .selectFrom('outbox')
      .innerJoin('subscribers', 'subscribers.id', 'outbox.subscriberId')
      .select('outbox.id')
      .where('subscribers.email', '=', email)
      .execute()
  ).length;

/** The newsletter's rate-limit points `ip` has spent this hour. */
const newsletterPoints = async (ip: string) =>
  (await getDb().selectFrom('rateLimits').select('points').where('key', '=', `newsletter:${ip}`).executeTakeFirst())?.points;

describe('a plain form post to POST /api/newsletter', () => {
  it('subscribes and answers 303 to /insights saying so; the same address again comes back as already subscribed', async () => {
    const email = `reader.${unique()}@example.com`;
    const r = await post(newsletter, '/api/newsletter', { email, website: '' });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/insights#newsletter-subscribed');
    expect(await getDb().selectFrom('subscribers').select('email').where('email', '=', email).execute()).toEqual([{ email }]);

    const again = await post(newsletter, '/api/newsletter', { email: email.toUpperCase(), website: '' });
    expect(again.status).toBe(307);
    expect(new URL(again.headers.get('location')!, ORIGIN).pathname).toBe('/insights');
    expect(refusal(again.headers.get('location'))).toEqual({
      status: '409',
      error: 'This email address is already subscribed.',
      'issue.email': 'This email address is already subscribed.',
    });
  });
});

describe('a newsletter sign-up posted again by a plain form (a double click, a resubmission)', () => {
  const signUp = (email: string, ip: string) => post(newsletter, '/api/newsletter', { email, website: '' }, ip);
  /** The start of a ten-minute window, so a run's clock never crosses one by chance. */
  const windowStart = () => Math.floor(Date.now() / SUBMISSION_KEY_WINDOW_MS) * SUBMISSION_KEY_WINDOW_MS;

  it('says subscribed again, with no second welcome and no rate-limit point, from the same client within ten minutes', async () => {
    const email = `again.${unique()}@example.com`;
    const ip = uniqueIp();
    vi.useFakeTimers({ toFake: ['Date'], now: windowStart() + 1000 });
    try {
      // More posts than the hour allows (20), each over a new connection of a proxy that writes
      // the client's port: a repeat is the same sign-up, and spends nothing.
      for (let i = 0; i < 25; i += 1) {
        const r = await signUp(email, `${ip}:${50_000 + i}`);
        expect(r.status).toBe(303);
        expect(r.headers.get('location')).toBe('/insights#newsletter-subscribed');
      }
    } finally {
      vi.useRealTimers();
    }
    expect(await welcomesTo(email)).toBe(1);
    expect(await newsletterPoints(ip)).toBe(1);
  });

  it('answers two posts of one sign-up at once (a double click) as one: one welcome, one point', async () => {
    const email = `twice.${unique()}@example.com`;
    const ip = uniqueIp();
    vi.useFakeTimers({ toFake: ['Date'], now: windowStart() + 1000 });
    try {
      const answers = await Promise.all([signUp(email, ip), signUp(email, ip)]);
      expect(answers.map((r) => [r.status, r.headers.get('location')])).toEqual([
        [303, '/insights#newsletter-subscribed'],
        [303, '/insights#newsletter-subscribed'],
      ]);
    } finally {
      vi.useRealTimers();
    }
    expect(await welcomesTo(email)).toBe(1);
    expect(await newsletterPoints(ip)).toBe(1);
  });

  it('counts ten minutes from the sign-up, across the edge of a window', async () => {
    const email = `edge.${unique()}@example.com`;
    const ip = uniqueIp();
    const start = windowStart();
    vi.useFakeTimers({ toFake: ['Date'], now: start - 1000 });
    try {
      expect((await signUp(email, ip)).status).toBe(303);
      vi.setSystemTime(start + 1000);
      expect((await signUp(email, ip)).status).toBe(303);
    } finally {
      vi.useRealTimers();
    }
    expect(await welcomesTo(email)).toBe(1);
  });

  it('says already subscribed to the same client once ten minutes have passed, and to another client at once', async () => {
    const email = `later.${unique()}@example.com`;
    const ip = uniqueIp();
    const start = windowStart();
    vi.useFakeTimers({ toFake: ['Date'], now: start + 1000 });
    try {
      expect((await signUp(email, ip)).status).toBe(303);
      const other = await signUp(email, uniqueIp());
      expect(other.status).toBe(307);
      expect(refusal(other.headers.get('location'))).toMatchObject({ status: '409', error: 'This email address is already subscribed.' });
      vi.setSystemTime(start + 1000 + SUBMISSION_KEY_WINDOW_MS + 1);
      const later = await signUp(email, ip);
      expect(later.status).toBe(307);
      expect(refusal(later.headers.get('location'))).toMatchObject({ status: '409', error: 'This email address is already subscribed.' });
    } finally {
      vi.useRealTimers();
    }
    expect(await welcomesTo(email)).toBe(1);
  });

  it('answers the JSON API about a listed address with 409, whoever sent it and however soon', async () => {
    const email = `island.${unique()}@example.com`;
    const ip = uniqueIp();
    expect((await signUp(email, ip)).status).toBe(303);
    const json = await call(newsletter, '/api/newsletter', { body: { email }, ip });
    expect(json.status).toBe(409);
    expect(json.json).toEqual({ error: 'This email address is already subscribed.', issues: { email: 'This email address is already subscribed.' } });
    const other = `island2.${unique()}@example.com`;
    expect((await call(newsletter, '/api/newsletter', { body: { email: other }, ip })).status).toBe(201);
    expect((await call(newsletter, '/api/newsletter', { body: { email: other }, ip })).status).toBe(409);
    // A sign-up the island made is keyed by its client and address too: the plain form posting it
    // again from that client is its repeat (subscribed again), from another client a 409.
    expect((await signUp(other, ip)).headers.get('location')).toBe('/insights#newsletter-subscribed');
    expect(refusal((await signUp(other, uniqueIp())).headers.get('location'))).toMatchObject({ status: '409' });
  });
});

describe("a newsletter sign-up sent again at the rate limit's last point", () => {
  const signUp = (email: string, ip: string) => call(newsletter, '/api/newsletter', { body: { email }, ip });
  const ALREADY_SUBSCRIBED = 'This email address is already subscribed.';

  it("answers the island's sign-up sent again as it does below the limit, 409 'already subscribed', spending nothing; a new address is still refused", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 19; i += 1) expect((await signUp(`n${i}.${unique()}@example.com`, ip)).status).toBe(201);
    const email = `last.${unique()}@example.com`;
    expect((await signUp(email, ip)).status).toBe(201);
    const again = await signUp(email, ip);
    expect([again.status, again.json]).toEqual([409, { error: ALREADY_SUBSCRIBED, issues: { email: ALREADY_SUBSCRIBED } }]);
    expect(await newsletterPoints(ip)).toBe(20);
    expect(await welcomesTo(email)).toBe(1);
    expect((await signUp(`new.${unique()}@example.com`, ip)).status).toBe(429);
  });
});

describe('the page a plain form post goes back to', () => {
  const CATEGORY_PAGE = '/insights?category=Thought%20Leadership&page=2';
  const LINK_CONTEXT = '/contact?service=Foundation&page=Packages&ctaButton=Get+Started';
  const withReturn = (api: string, value: string) => `${api}?${new URLSearchParams({ return: value })}`;
  const signUp = (returnValue: string, email = `back.${unique()}@example.com`) =>
    post(newsletter, withReturn('/api/newsletter', returnValue), { email, website: '' });

  it('is the very page (path and query as written) a sign-up was posted from, accepted or refused', async () => {
    const accepted = await signUp(CATEGORY_PAGE);
    expect([accepted.status, accepted.headers.get('location')]).toEqual([303, `${CATEGORY_PAGE}#newsletter-subscribed`]);
    const refused = await signUp(CATEGORY_PAGE, 'reader@example');
    expect(refused.status).toBe(307);
    expect(refused.headers.get('location')).toBe(`${CATEGORY_PAGE}&status=400&error=Invalid+request&issue.email=Invalid+email`);
  });

  it('is the very page an enquiry was posted from, with the context of the link that led there', async () => {
    const accepted = await post(contacts, withReturn('/api/contacts', LINK_CONTEXT), postedEnquiry());
    expect([accepted.status, accepted.headers.get('location')]).toEqual([303, `${LINK_CONTEXT}#enquiry-sent`]);
    const refused = await post(contacts, withReturn('/api/contacts', LINK_CONTEXT), { ...postedEnquiry(), email: 'ada@' });
    expect(refused.status).toBe(307);
    expect(refused.headers.get('location')).toBe(`${LINK_CONTEXT}&status=400&error=Invalid+request&issue.email=Invalid+email`);
  });

  it('drops a refusal the page was sent back with, so the new one is the only one', async () => {
    const refused = await signUp('/insights?page=2&status=500&error=Forged&issue.email=Forged', 'reader@example');
    expect(refused.headers.get('location')).toBe('/insights?page=2&status=400&error=Invalid+request&issue.email=Invalid+email');
  });

  it('is the form page itself for any return value but that page on this site: never another origin or path', async () => {
    const hostile = [
      '//evil.example/insights',
      '///evil.example/insights',
      '/\\evil.example/insights',
      'https://evil.example/insights?category=Thought%20Leadership',
      `${ORIGIN}/insights?page=2`,
      'javascript:alert(1)//insights',
      '/admin',
      '/insights/../admin',
      '/insights/some-article',
      '/insights/',
      '%2F%2Fevil.example/insights',
      '',
    ];
    for (const value of hostile) {
      const accepted = await signUp(value);
      expect([accepted.status, accepted.headers.get('location')], value).toEqual([303, '/insights#newsletter-subscribed']);
      const refused = await signUp(value, 'reader@example');
      expect(new URL(refused.headers.get('location')!, ORIGIN).pathname, value).toBe('/insights');
      expect(refused.headers.get('location'), value).toMatch(/^\/insights\?status=400&/);
    }
    const enquiry = await post(contacts, withReturn('/api/contacts', '//evil.example/contact?service=x'), postedEnquiry());
    expect(enquiry.headers.get('location')).toBe('/contact#enquiry-sent');
  });
});

describe('the page a refused form post is sent back to', () => {
  const back = (location: string, body: string, init: { method?: string; type?: string; origin?: string | null } = {}) =>
    new Request(new URL(location, ORIGIN), {
      method: init.method ?? 'POST',
      headers: {
        'content-type': init.type ?? 'application/x-www-form-urlencoded',
        ...(init.origin === null ? {} : { origin: init.origin ?? ORIGIN }),
      },
      ...(init.method === 'GET' ? {} : { body }),
    });

  it('reads the refusal from the query and what was typed from the body', async () => {
    const body = new URLSearchParams({ firstName: 'Grace', email: 'grace@', message: 'Hello' }).toString();
    const returned = await returnedForm(back('/contact?status=400&error=Invalid+request&issue.email=Invalid+email#enquiry-form', body));
    expect(returned).toEqual({
      status: 400,
      error: 'Invalid request',
      issues: { email: 'Invalid email' },
      values: { firstName: 'Grace', email: 'grace@', message: 'Hello' },
    });
  });

  it('reads back a form refused for bytes that are not UTF-8 with U+FFFD in their place, to be corrected', async () => {
    const returned = await returnedForm(back('/contact?status=400&error=Body+is+not+valid+UTF-8', 'firstName=Grace&lastName=L%F6ve'));
    expect(returned?.values).toEqual({ firstName: 'Grace', lastName: 'L\uFFFDve' });
  });

  it('ignores a refusal in a link (GET), a JSON post and a status that is not an error', async () => {
    expect(await returnedForm(back('/contact?status=400&error=Forged', '', { method: 'GET' }))).toBeUndefined();
    expect(await returnedForm(back('/contact?status=400&error=Forged', '{}', { type: 'application/json' }))).toBeUndefined();
    expect(await returnedForm(back('/contact?status=200&error=Forged', 'a=b'))).toBeUndefined();
    expect(await returnedForm(back('/contact?status=600&error=Forged', 'a=b'))).toBeUndefined();
  });

  it("ignores another site's form posting a made-up refusal, and a post without Origin", async () => {
    const forged = '/contact?status=400&error=Call+us+on+0000&issue.email=Call+us';
    expect(await returnedForm(back(forged, 'email=victim%40example.com', { origin: 'https://attacker.example' }))).toBeUndefined();
    expect(await returnedForm(back(forged, 'email=victim%40example.com', { origin: 'null' }))).toBeUndefined();
    expect(await returnedForm(back(forged, 'email=victim%40example.com', { origin: null }))).toBeUndefined();
  });
});
