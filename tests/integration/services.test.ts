import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import services from '../../netlify/functions/services.ts';
import { call } from '../support/call.ts';
import { adminSession } from '../support/admin-session.ts';

const RUN = crypto.randomBytes(4).toString('hex');

const payload = (overrides: Record<string, unknown> = {}) => ({
  title: `Growth Audits ${RUN}`,
  description: 'A look at where growth stalls.',
  icon: 'target',
  features: ['Funnel review', 'Channel mix', 'Pricing check'],
  isActive: true,
  sortOrder: 8,
  ...overrides,
});

const create = (cookie: string, body: unknown) => call(services, '/api/services', { method: 'POST', body, headers: { cookie } });
const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);

describe('service writes need an admin session', () => {
  it('answers 401 to POST, PUT and DELETE without one', async () => {
    const { cookie } = await adminSession();
    const { id } = (await create(cookie, payload())).json;
    expect((await call(services, '/api/services', { method: 'POST', body: payload() })).status).toBe(401);
    expect((await call(services, `/api/services/${id}`, { method: 'PUT', body: payload(), params: { id: String(id) } })).status).toBe(401);
    expect((await call(services, `/api/services/${id}`, { method: 'DELETE', params: { id: String(id) } })).status).toBe(401);
  });

  it('refuses a cross-site write', async () => {
    const { cookie } = await adminSession();
    expect((await call(services, '/api/services', { method: 'POST', body: payload(), headers: { cookie, origin: 'https://evil.example' } })).status).toBe(403);
  });
});

describe('service CRUD', () => {
  it('creates, lists, updates and deletes', async () => {
    const { cookie } = await adminSession();
    const created = await create(cookie, payload({ features: ['One', '', '  Two  '] }));
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ title: `Growth Audits ${RUN}`, icon: 'target', features: ['One', 'Two'], isActive: true, sortOrder: 8 });
    const { id } = created.json;

    const updated = await call(services, `/api/services/${id}`, {
      method: 'PUT',
      params: { id: String(id) },
      headers: { cookie },
      body: payload({ title: `Renamed ${RUN}`, features: [], sortOrder: -2, isActive: false }),
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ id, title: `Renamed ${RUN}`, features: [], sortOrder: -2, isActive: false });

    const del = await call(services, `/api/services/${id}`, { method: 'DELETE', params: { id: String(id) }, headers: { cookie } });
    expect(del.status).toBe(200);
    expect(ids((await call(services, '/api/services', { headers: { cookie } })).json)).not.toContain(id);
  });

  it('defaults isActive to true and sortOrder to 0', async () => {
    const { cookie } = await adminSession();
    const { isActive, sortOrder, ...rest } = payload();
    const r = await create(cookie, rest);
    expect(r.json).toMatchObject({ isActive: true, sortOrder: 0 });
  });

  it('shows inactive services to admins only', async () => {
    const { cookie } = await adminSession();
    const inactive = (await create(cookie, payload({ isActive: false }))).json;
    const active = (await create(cookie, payload())).json;
    const anon = ids((await call(services, '/api/services')).json);
    expect(anon).toContain(active.id);
    expect(anon).not.toContain(inactive.id);
    expect(ids((await call(services, '/api/services', { headers: { cookie } })).json)).toEqual(expect.arrayContaining([active.id, inactive.id]));
    expect((await call(services, `/api/services/${inactive.id}`, { params: { id: String(inactive.id) } })).status).toBe(404);
    expect((await call(services, `/api/services/${inactive.id}`, { params: { id: String(inactive.id) }, headers: { cookie } })).status).toBe(200);
  });

  it('answers 404 for unknown ids', async () => {
    const { cookie } = await adminSession();
    const id = '2147483000';
    expect((await call(services, `/api/services/${id}`, { method: 'PUT', params: { id }, headers: { cookie }, body: payload() })).json).toEqual({ error: 'Service not found' });
    expect((await call(services, `/api/services/${id}`, { method: 'DELETE', params: { id }, headers: { cookie } })).status).toBe(404);
    expect((await call(services, `/api/services/${id}`, { params: { id } })).status).toBe(404);
  });

  it('answers 400 naming each bad field', async () => {
    const { cookie } = await adminSession();
    const r = await create(cookie, { title: ' ', description: '', icon: 'x'.repeat(101), features: 'a\nb', isActive: 'yes', sortOrder: 1.5 });
    expect(r.status).toBe(400);
    expect(r.json.issues).toEqual({
      title: 'Required',
      description: 'Required',
      icon: 'Must be 100 characters or fewer',
      features: 'Features must be a list',
      isActive: 'Invalid input: expected boolean, received string',
      sortOrder: 'Sort order must be a whole number',
    });
  });

  it('names which feature is too long, so the admin can find its line among the others', async () => {
    const { cookie } = await adminSession();
    const r = await create(cookie, payload({ features: ['Funnel review', 'Channel mix', 'x'.repeat(301), 'Pricing check'] }));
    expect(r.status).toBe(400);
    expect(r.json.issues).toEqual({ features: 'Feature 3: Must be 300 characters or fewer' });
  });

  it('counts a feature in characters, as every other field: 300 emoji are 300 characters, 301 too many', async () => {
    const { cookie } = await adminSession();
    // '📈' is one character and two UTF-16 units.
    const created = await create(cookie, payload({ title: `Emoji feature ${RUN}`, features: ['📈'.repeat(300)] }));
    expect(created.status).toBe(201);
    expect(created.json.features).toEqual(['📈'.repeat(300)]);
    const over = await create(cookie, payload({ features: ['📈'.repeat(301)] }));
    expect(over.status).toBe(400);
    expect(over.json.issues).toEqual({ features: 'Feature 1: Must be 300 characters or fewer' });
  });

  it('holds each feature to one line, as the form shows them: a line break is refused naming its feature, text-reordering characters are dropped', async () => {
    const { cookie } = await adminSession();
    const broken = await create(cookie, payload({ features: ['Funnel review', 'Channel\nmix'] }));
    expect(broken.status).toBe(400);
    expect(broken.json.issues).toEqual({ features: 'Feature 2: Must be on one line' });
    const reordered = await create(cookie, payload({ title: `Direction ${RUN}`, features: ['\u202Egnp.exe', 'Pricing check'] }));
    expect(reordered.status).toBe(201);
    expect(reordered.json.features).toEqual(['gnp.exe', 'Pricing check']);
  });

  it('refuses an icon the site does not have, naming the ones it does, and stores nothing', async () => {
    const { cookie } = await adminSession();
    const title = `Rocket ${RUN}`;
    for (const icon of ['rocket', 'constructor', 'close', 'Target']) {
      const r = await create(cookie, { ...payload(), title, icon });
      expect(r.status, icon).toBe(400);
      expect(r.json.issues, icon).toEqual({ icon: 'Icon must be one of: compass, sparkle, globe, pen, megaphone, chart, user, layers, target, handshake, shield, star' });
    }
    expect((await call(services, '/api/services', { headers: { cookie } })).json.map((s: { title: string }) => s.title)).not.toContain(title);
  });
});

describe('two admins editing one service', () => {
  const put = (cookie: string, id: number, body: unknown) => call(services, `/api/services/${id}`, { method: 'PUT', params: { id: String(id) }, headers: { cookie }, body });
  const get = (cookie: string, id: number) => call(services, `/api/services/${id}`, { params: { id: String(id) }, headers: { cookie } });

  it('refuses the later save of an edit opened before the other was saved (409 on updatedAt), keeping the first change', async () => {
    const first = await adminSession();
    const second = await adminSession();
    const { id } = (await create(first.cookie, payload({ title: `Shared ${RUN}` }))).json;
    const opened = (await get(first.cookie, id)).json;

    const saved = await put(first.cookie, id, payload({ title: `First's title ${RUN}`, updatedAt: opened.updatedAt }));
    expect(saved.status).toBe(200);
    const stale = await put(second.cookie, id, payload({ title: `Second's title ${RUN}`, updatedAt: opened.updatedAt }));
    expect(stale.status).toBe(409);
    expect(stale.json).toEqual({
      error: 'Someone else saved this service after you opened it: reopen it to see their change, then make yours',
      issues: { updatedAt: 'Someone else saved this service after you opened it: reopen it to see their change, then make yours' },
    });
    expect((await get(first.cookie, id)).json).toMatchObject({ title: `First's title ${RUN}`, updatedAt: saved.json.updatedAt });
    expect((await put(second.cookie, id, payload({ title: `Second's title ${RUN}`, updatedAt: saved.json.updatedAt }))).status).toBe(200);
  });
});

describe('an edit saved again after its answer was lost', () => {
  const put = (cookie: string, id: number, body: unknown) => call(services, `/api/services/${id}`, { method: 'PUT', params: { id: String(id) }, headers: { cookie }, body });
  const get = (cookie: string, id: number) => call(services, `/api/services/${id}`, { params: { id: String(id) }, headers: { cookie } });

  it('is answered 200 with the service as that save stored it, not a 409 about someone else; other content is still refused', async () => {
    const { cookie } = await adminSession();
    const { id } = (await create(cookie, payload({ title: `Lost answer ${RUN}` }))).json;
    const opened = (await get(cookie, id)).json;
    const edit = payload({ title: `Lost answer, edited ${RUN}`, features: ['Funnel review', 'Pricing check'], updatedAt: opened.updatedAt });

    const landed = await put(cookie, id, edit);
    expect(landed.status).toBe(200);
    const again = await put(cookie, id, edit);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(landed.json);
    expect((await get(cookie, id)).json).toEqual(landed.json);

    const other = await put(cookie, id, { ...edit, description: 'Changed after the lost answer.' });
    expect(other.status).toBe(409);
    expect(other.json.issues).toEqual({ updatedAt: 'Someone else saved this service after you opened it: reopen it to see their change, then make yours' });
    expect((await get(cookie, id)).json).toEqual(landed.json);
  });
});

describe('CDN caching of the public list', () => {
  it("lets the CDN keep a visitor's answer under the services tag, never an admin's", async () => {
    const visitor = await call(services, '/api/services');
    expect(visitor.headers.get('netlify-cache-tag')).toBe('services');
    expect(visitor.headers.get('netlify-vary')).toBe('query=,cookie=session|__Host-session');
    const { cookie } = await adminSession();
    const admin = await call(services, '/api/services', { headers: { cookie } });
    expect(admin.headers.get('cache-control')).toBe('no-store');
    expect(admin.headers.get('netlify-cache-tag')).toBeNull();
  });
});

describe('a create sent again with its submissionId (an answer lost after the commit)', () => {
  /** The ids of the services stored with `title`, inactive ones too. */
  async function storedWithTitle(cookie: string, title: string) {
    const r = await call(services, '/api/services', { headers: { cookie } });
    return r.json.filter((s: { title: string }) => s.title === title).map((s: { id: number }) => s.id);
  }

  it('answers the retry 200 with the service stored the first time, and stores no second one', async () => {
    const { cookie } = await adminSession();
    const title = `Retried ${RUN} ${crypto.randomUUID()}`;
    const body = payload({ title, submissionId: crypto.randomUUID() });
    const first = await create(cookie, body);
    expect(first.status).toBe(201);
    const retry = await create(cookie, body);
    expect(retry.status).toBe(200);
    expect(retry.json).toEqual(first.json);
    expect(await storedWithTitle(cookie, title)).toEqual([first.json.id]);
  });

  it('refuses the key sent with other content (409 on submissionId) with the stored service, leaving it as it was', async () => {
    const { cookie } = await adminSession();
    const title = `Keyed ${RUN} ${crypto.randomUUID()}`;
    const submissionId = crypto.randomUUID();
    const first = await create(cookie, payload({ title, submissionId }));
    const other = await create(cookie, payload({ title, sortOrder: 9, submissionId }));
    expect(other.status).toBe(409);
    const keyReused = 'This form already created a service with other content: save yours as an edit of that service, stored in this answer';
    expect(other.json).toEqual({ error: keyReused, issues: { submissionId: keyReused }, stored: first.json });
    const stored = await call(services, `/api/services/${first.json.id}`, { params: { id: String(first.json.id) }, headers: { cookie } });
    expect(stored.json).toEqual(first.json);
    expect(await storedWithTitle(cookie, title)).toEqual([first.json.id]);
  });

  it('stores each create without a key, and answers 400 naming a key that is not a UUID', async () => {
    const { cookie } = await adminSession();
    const title = `Unkeyed ${RUN} ${crypto.randomUUID()}`;
    const first = await create(cookie, payload({ title }));
    const second = await create(cookie, payload({ title }));
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await storedWithTitle(cookie, title)).toEqual([first.json.id, second.json.id]);
    const bad = await create(cookie, payload({ title, submissionId: 'again' }));
    expect(bad.status).toBe(400);
    expect(bad.json.issues).toEqual({ submissionId: 'Must be a UUID' });
  });
});
