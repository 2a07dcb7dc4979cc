import { describe, expect, it } from 'vitest';
import contacts from '../../netlify/functions/contacts.ts';
import newsletter from '../../netlify/functions/newsletter.ts';
import { getDb, withRequestDatabase } from '../../src/server/db/client.ts';
import { enquiryLimiter, spendPoint } from '../../src/server/rate-limit.ts';
import { call } from '../support/call.ts';
import { sampleEnquiry } from '../support/sample-enquiry.ts';
import { unique, uniqueIp } from '../support/unique.ts';

describe('POST /api/contacts', () => {
  it('stores a valid enquiry and answers 201 with its id, after the row exists', async () => {
    const body = sampleEnquiry();
    const r = await call(contacts, '/api/contacts', { body, ip: uniqueIp() });
    expect(r.status).toBe(201);
    expect(r.json.id).toBeGreaterThan(0);
    const row = await getDb().selectFrom('enquiries').selectAll().where('id', '=', r.json.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: body.email, service: 'Marketing Strategy Assessment', page: 'Home', ctaButton: 'Free Marketing Strategy Assessment' });
  });

  it('stores the optional context as null when absent and trims text', async () => {
    const { service: _s, page: _p, ctaButton: _c, ...rest } = sampleEnquiry();
    const r = await call(contacts, '/api/contacts', { body: { ...rest, firstName: '  Ada  ' }, ip: uniqueIp() });
    expect(r.status).toBe(201);
    const row = await getDb().selectFrom('enquiries').selectAll().where('id', '=', r.json.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ firstName: 'Ada', service: null, page: null, ctaButton: null });
  });

  for (const field of ['firstName', 'lastName', 'email', 'phone', 'company', 'message'] as const) {
    it(`answers 400 'Required' naming ${field} when it is missing or blank`, async () => {
      const missing = { ...sampleEnquiry() } as Record<string, unknown>;
      delete missing[field];
      const r1 = await call(contacts, '/api/contacts', { body: missing, ip: uniqueIp() });
      expect(r1.status).toBe(400);
      expect(r1.json).toEqual({ error: 'Invalid request', issues: { [field]: 'Required' } });
      const r2 = await call(contacts, '/api/contacts', { body: { ...sampleEnquiry(), [field]: '   ' }, ip: uniqueIp() });
      expect(r2.status).toBe(400);
      expect(r2.json.issues[field]).toBe('Required');
    });
  }

  it('answers 400 for a malformed email and for over-long fields', async () => {
    const r = await call(contacts, '/api/contacts', { body: { ...sampleEnquiry(), email: 'not-an-email' }, ip: uniqueIp() });
    expect(r.status).toBe(400);
    expect(r.json.issues.email).toBe('Invalid email');
    const long = await call(contacts, '/api/contacts', { body: { ...sampleEnquiry(), message: 'x'.repeat(5001), ctaButton: 'y'.repeat(201) }, ip: uniqueIp() });
    expect(long.status).toBe(400);
    expect(Object.keys(long.json.issues).sort()).toEqual(['ctaButton', 'message']);
  });

  it('answers 400 for wrong types, naming what each field expected', async () => {
    const r = await call(contacts, '/api/contacts', { body: { ...sampleEnquiry(), phone: 400000000 }, ip: uniqueIp() });
    expect(r.status).toBe(400);
    expect(r.json.issues).toEqual({ phone: 'Invalid input: expected string, received number' });
  });

  it('keeps nothing from a filled honeypot yet answers like a success', async () => {
    const body = { ...sampleEnquiry(), website: 'http://spam.example' };
    const r = await call(contacts, '/api/contacts', { body, ip: uniqueIp() });
    expect(r.status).toBe(201);
    const rows = await getDb().selectFrom('enquiries').select('id').where('email', '=', body.email).execute();
    expect(rows).toHaveLength(0);
  });

  it('answers 429 with Retry-After past 20 enquiries an hour from one address, and keeps other addresses working', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) {
      expect((await call(contacts, '/api/contacts', { body: sampleEnquiry(), ip })).status).toBe(201);
    }
    const late = sampleEnquiry();
    const refused = await call(contacts, '/api/contacts', { body: late, ip });
    expect(refused.status).toBe(429);
    // The dialog hides the page's contact details, so the way round the limit is named in full.
    expect(refused.json.error).toBe('Too many messages from your network in the last hour. Please try again later or email us at hello@surgere.com.au.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect(await getDb().selectFrom('enquiries').select('id').where('email', '=', late.email).execute()).toEqual([]);
    expect((await call(contacts, '/api/contacts', { body: sampleEnquiry(), ip: uniqueIp() })).status).toBe(201);
  });

  it("spends its rate-limit point on rate-limiter-flexible's own key and count, in the enquiry's statement", async () => {
    const ip = uniqueIp();
    const limiter = enquiryLimiter();
    // Spent by the library first, then by the enquiry's statement: one count.
    await withRequestDatabase(() => limiter.consume(ip, 1));
    expect((await call(contacts, '/api/contacts', { body: sampleEnquiry(), ip })).status).toBe(201);
    expect((await withRequestDatabase(() => limiter.get(ip)))?.consumedPoints).toBe(2);
    // A window that has ended starts again at 1, as the library's own upsert does.
    const later = Date.now() + 3601_000;
    const { rows } = await withRequestDatabase(() => spendPoint(limiter, ip, { now: later }).execute(getDb()));
    expect(rows).toEqual([{ points: 1, expire: String(later + 3600_000) }]);
  });
});

describe('POST /api/newsletter', () => {
  it('subscribes an address and refuses it again in any letter case', async () => {
    const email = `Reader.${unique()}@Example.com`;
    const first = await call(newsletter, '/api/newsletter', { body: { email }, ip: uniqueIp() });
    expect(first.status).toBe(201);
    expect(first.json.id).toBeGreaterThan(0);
    const again = await call(newsletter, '/api/newsletter', { body: { email: email.toLowerCase() }, ip: uniqueIp() });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe('This email address is already subscribed.');
    const rows = await getDb().selectFrom('subscribers').select('email').where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase())).execute();
    expect(rows).toEqual([{ email }]);
  });

  it('answers 400 for a missing or malformed email', async () => {
    expect((await call(newsletter, '/api/newsletter', { body: {}, ip: uniqueIp() })).json).toEqual({ error: 'Invalid request', issues: { email: 'Required' } });
    expect((await call(newsletter, '/api/newsletter', { body: { email: 'nope' }, ip: uniqueIp() })).json.issues.email).toBe('Invalid email');
  });

  it('keeps nothing from a filled honeypot', async () => {
    const email = `bot.${unique()}@example.com`;
    expect((await call(newsletter, '/api/newsletter', { body: { email, website: 'x' }, ip: uniqueIp() })).status).toBe(201);
    expect(await getDb().selectFrom('subscribers').select('id').where('email', '=', email).execute()).toHaveLength(0);
  });

  it('answers 429 past 20 sign-ups an hour from one address', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) {
      expect((await call(newsletter, '/api/newsletter', { body: { email: `n${i}.${unique()}@example.com` }, ip })).status).toBe(201);
    }
    expect((await call(newsletter, '/api/newsletter', { body: { email: `late.${unique()}@example.com` }, ip })).status).toBe(429);
  });
});
