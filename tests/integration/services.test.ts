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

