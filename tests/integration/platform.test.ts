import crypto from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/server/db/client.ts';
import services from '../../netlify/functions/services.ts';
import packages from '../../netlify/functions/packages.ts';
import teamMembers from '../../netlify/functions/team-members.ts';
import companyStats from '../../netlify/functions/company-stats.ts';
import siteContent from '../../netlify/functions/site-content.ts';
import articles from '../../netlify/functions/articles.ts';
import login from '../../netlify/functions/auth-login.ts';
import enquiries from '../../netlify/functions/enquiries.ts';
import subscribers from '../../netlify/functions/subscribers.ts';
import { adminSession } from '../support/admin-session.ts';
import { call } from '../support/call.ts';
import { apiNotFound } from '../support/api-not-found.ts';
import { SEEDED_SERVICE_TITLES } from '../support/catalogue-seed.ts';

describe('public read endpoints (seeded database)', () => {
  it('GET /api/services answers the seven seeded services in camelCase', async () => {
    const r = await call(services, '/api/services');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.json.map((s: { title: string }) => s.title)).toEqual(
      expect.arrayContaining(SEEDED_SERVICE_TITLES),
    );
    const first = r.json[0];
    expect(Object.keys(first).sort()).toEqual(['description', 'features', 'icon', 'id', 'isActive', 'sortOrder', 'title', 'updatedAt']);
    expect(first.features).toHaveLength(4);
    expect(new Date(first.updatedAt).toString()).not.toBe('Invalid Date');
  });

  it('GET /api/packages answers the four packages with their published prices', async () => {
    const r = await call(packages, '/api/packages');
    expect(r.status).toBe(200);
    expect(r.json.map((p: { name: string; price: string }) => [p.name, p.price])).toEqual([
      ['Foundation', 'From $1,500 to $5,500'],
      ['Activation', '$120/hour'],
      ['Momentum', '$120/hour'],
      ['Scale & Optimise', '$150/hour'],
    ]);
    expect(r.json[1]).toMatchObject({ isPopular: true, buttonText: 'Start Growing', isActive: true });
  });

  it('GET /api/team-members, /api/company-stats and /api/site-content answer seeded arrays', async () => {
    const team = await call(teamMembers, '/api/team-members');
    expect(team.status).toBe(200);
    expect(team.json).toHaveLength(3);
    expect(team.json[0]).toHaveProperty('imageUrl');
    const stats = await call(companyStats, '/api/company-stats');
    expect(stats.json.map((s: { label: string; value: string }) => [s.label, s.value])).toEqual([
      ['Years driving growth', '20+'],
      ['Industries served', '15+'],
      ['Specialist partners', '5'],
      ['Reply time', '24h'],
    ]);
    const content = await call(siteContent, '/api/site-content');
    expect(content.json).toEqual(expect.arrayContaining([expect.objectContaining({ section: 'home', key: 'badge', value: '20+ Years Driving Growth' })]));
  });

  it('GET /api/articles?published=true answers the published articles, newest first, without drafts', async () => {
    const run = crypto.randomBytes(4).toString('hex');
    const insert = (title: string, isPublished: boolean, publishedAt: string) =>
      getDb().insertInto('articles').values({ title, description: 'D', readTime: '1 min read', isPublished, publishedAt }).returning('id').executeTakeFirstOrThrow();
    const older = await insert(`Older ${run}`, true, '2026-01-01T00:00:00Z');
    const newer = await insert(`Newer ${run}`, true, '2026-02-01T00:00:00Z');
    const draft = await insert(`Draft ${run}`, false, '2026-03-01T00:00:00Z');
    const r = await call(articles, '/api/articles?published=true');
    expect(r.status).toBe(200);
    expect(r.headers.get('netlify-cache-tag')).toBe('articles');
    const mine = (r.json as Array<{ id: number; isPublished: boolean }>).filter((a) => [older.id, newer.id, draft.id].includes(a.id));
    expect(mine.map((a) => a.id)).toEqual([newer.id, older.id]);
    expect((r.json as Array<{ isPublished: boolean }>).every((a) => a.isPublished)).toBe(true);
  });
});

describe('the API error contract', () => {
  it('answers 400 naming the problem for a malformed JSON body', async () => {
    const r = await call(login, '/api/auth/login', { method: 'POST', rawBody: '{"username": ', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ error: 'Malformed JSON body' });
  });

  it('answers 400 with field issues for wrong types and missing fields', async () => {
    const r = await call(login, '/api/auth/login', { body: { username: 42 } });
    expect(r.status).toBe(400);
    // The auth forms' error is their first field's message, which the panel's toast shows.
    expect(r.json.error).toBe('Username is required');
    expect(r.json.issues).toEqual({ username: 'Username is required', password: 'Password is required' });
  });

  it('answers 415 naming UTF-8 for a JSON body that declares another charset, in any case or quoted', async () => {
    const body = '{"username": 42}';
    for (const [type, bytes] of [
      ['application/json; charset=utf-16', Buffer.from(`\uFEFF${body}`, 'utf16le')],
      ['application/json; Charset="UTF-16LE"', Buffer.from(body, 'utf16le')],
      ['application/json;charset=ISO-8859-1', Buffer.from(body, 'latin1')],
    ] as const) {
      const r = await call(login, '/api/auth/login', { method: 'POST', rawBody: bytes, headers: { 'content-type': type } });
      expect([r.status, r.json], type).toEqual([415, { error: 'Content-Type charset must be utf-8' }]);
    }
    // UTF-8 by any of its names reads the body: here, to the schema's refusal of its fields.
    for (const type of ['application/json; charset=utf-8', 'application/json; charset="UTF-8"', 'application/json; charset=utf8']) {
      const r = await call(login, '/api/auth/login', { method: 'POST', rawBody: body, headers: { 'content-type': type } });
      expect([r.status, r.json.error], type).toEqual([400, 'Username is required']);
    }
  });

  it('answers 415 naming Content-Encoding for a compressed body, which no function decodes', async () => {
    const body = gzipSync(JSON.stringify({ username: 'a@example.com', password: 'x' }));
    for (const coding of ['gzip', 'br', 'GZIP, identity']) {
      const r = await call(login, '/api/auth/login', { method: 'POST', rawBody: body, headers: { 'content-type': 'application/json', 'content-encoding': coding } });
      expect([r.status, r.json], coding).toEqual([415, { error: 'Content-Encoding is not supported: send the body uncompressed' }]);
    }
    // 'identity' is no coding at all: the body is read, here to the schema's refusal of its fields.
    const plain = await call(login, '/api/auth/login', { method: 'POST', rawBody: '{"username": 42}', headers: { 'content-type': 'application/json', 'content-encoding': 'identity' } });
    expect([plain.status, plain.json.error]).toEqual([400, 'Username is required']);
  });

  it('answers 400 for a JSON body whose bytes are not UTF-8, rather than reading them as U+FFFD', async () => {
    const bytes = Buffer.concat([Buffer.from('{"username": "L'), Buffer.from([0xf6]), Buffer.from('ve", "password": "x"}')]);
    const r = await call(login, '/api/auth/login', { method: 'POST', rawBody: bytes, headers: { 'content-type': 'application/json' } });
    expect([r.status, r.json]).toEqual([400, { error: 'Body is not valid UTF-8' }]);
  });

  it('answers 415 for a non-JSON content type', async () => {
    const r = await call(login, '/api/auth/login', { method: 'POST', rawBody: 'username=a&password=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(r.status).toBe(415);
    expect(r.json.error).toMatch(/application\/json/);
  });

  it('answers 413 above the body limit, whatever Content-Length claims', async () => {
    const big = JSON.stringify({ username: 'a'.repeat(100_000), password: 'x' });
    const r = await call(login, '/api/auth/login', { method: 'POST', rawBody: big, headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(413);
    const chunked = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const req = new Request('http://localhost:4321/api/auth/login', { method: 'POST', body: chunked, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit);
    const res = await login(req, { params: {} });
    expect(res.status).toBe(413);
    // A Request built in-process can claim a small length and carry more: read whole, still refused.
    const lying = new Request('http://localhost:4321/api/auth/login', { method: 'POST', body: big, headers: { 'content-type': 'application/json', 'content-length': '20' } });
    expect((await login(lying, { params: {} })).status).toBe(413);
  });

  it('answers 405 with Allow for a wrong method', async () => {
    const r = await call(services, '/api/services', { method: 'PATCH' });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toContain('GET');
    expect(r.json.error).toMatch(/not allowed/);
  });

  it('answers 405 with the Allow of the path asked, a list or one of its items, and runs nothing of the other', async () => {
    const { cookie } = await adminSession();
    const article = { title: `Not created ${crypto.randomUUID()}`, description: 'D', readTime: '5 min read' };
    const service = { title: `Not created ${crypto.randomUUID()}`, description: 'D', icon: 'target', features: [] };
    const cases = [
      [articles, '/api/articles/999999', 'POST', { id: '999999' }, article, 'GET, PUT, DELETE, HEAD'],
      [articles, '/api/articles', 'PUT', {}, article, 'GET, POST, HEAD'],
      [articles, '/api/articles', 'DELETE', {}, undefined, 'GET, POST, HEAD'],
      [services, '/api/services/999999', 'POST', { id: '999999' }, service, 'GET, PUT, DELETE, HEAD'],
      [services, '/api/services', 'PUT', {}, service, 'GET, POST, HEAD'],
      [enquiries, '/api/enquiries', 'PATCH', {}, { status: 'handled' }, 'GET, HEAD'],
      [enquiries, '/api/enquiries', 'DELETE', {}, undefined, 'GET, HEAD'],
      [subscribers, '/api/subscribers', 'DELETE', {}, undefined, 'GET, HEAD'],
      [subscribers, '/api/subscribers/999999', 'GET', { id: '999999' }, undefined, 'DELETE'],
    ] as const;
    for (const [handler, path, method, params, body, allow] of cases) {
      const r = await call(handler, path, { method, params, ...(body ? { body } : {}), headers: { cookie } });
      expect(r.status, `${method} ${path}`).toBe(405);
      expect(r.headers.get('allow'), `${method} ${path}`).toBe(allow);
      expect(r.json, `${method} ${path}`).toEqual({ error: `Method ${method} not allowed` });
    }
    // A POST to an item's address created a new one.
    expect(await getDb().selectFrom('articles').select('id').where('title', '=', article.title).execute()).toEqual([]);
    expect(await getDb().selectFrom('services').select('id').where('title', '=', service.title).execute()).toEqual([]);
  });

  it('answers a JSON 404 for an unknown /api path', async () => {
    const r = await call(apiNotFound, '/api/nope');
    expect(r.status).toBe(404);
    expect(r.json.error).toMatch(/\/api\/nope/);
  });

  it('answers a JSON 404 for a malformed or unknown id', async () => {
    expect((await call(articles, '/api/articles/abc', { params: { id: 'abc' } })).status).toBe(404);
    expect((await call(articles, '/api/articles/999999', { params: { id: '999999' } })).json).toEqual({ error: 'Article not found' });
  });

  it('refuses a state-changing request from another site', async () => {
    const r = await call(login, '/api/auth/login', { body: { username: 'a@b.co', password: 'x' }, headers: { origin: 'https://evil.example' } });
    expect(r.status).toBe(403);
  });
});
