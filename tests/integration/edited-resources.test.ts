// What every resource the admin creates and edits through one form does alike (articles and
// services: src/server/http/edited-resource.ts): a save over another admin's is refused on updatedAt,
// a save sent again after its answer was lost is answered as it was, and a create sent again with its
// submissionId stores nothing more. Each resource's own rules are in its own file.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import articles from '../../netlify/functions/articles.ts';
import services from '../../netlify/functions/services.ts';
import { adminSession } from '../support/admin-session.ts';
import { call } from '../support/call.ts';

const RUN = crypto.randomBytes(4).toString('hex');

interface EditedResource {
  noun: string;
  handler: typeof articles;
  path: string;
  /** What the admin panel sends on save (no slug nor publishedAt: the panel leaves them to the server). */
  payload: (overrides?: Record<string, unknown>) => Record<string, unknown>;
  /** The ids of the items stored with `title`, unlisted ones too (drafts, inactive services). */
  storedWithTitle: (cookie: string, title: string) => Promise<number[]>;
}

const RESOURCES: EditedResource[] = [
  {
    noun: 'article',
    handler: articles,
    path: '/api/articles',
    payload: (overrides = {}) => ({ title: `Pricing ${RUN}`, description: 'How to price when you scale.', content: '<p>Body</p>', readTime: '5 min read', tags: ['pricing'], isPublished: true, ...overrides }),
    storedWithTitle: async (cookie, title) => {
      const r = await call(articles, `/api/articles?drafts=include&page=1&pageSize=10&search=${encodeURIComponent(title)}`, { headers: { cookie } });
      return r.json.items.map((a: { id: number }) => a.id).sort((a: number, b: number) => a - b);
    },
  },
  {
    noun: 'service',
    handler: services,
    path: '/api/services',
    payload: (overrides = {}) => ({ title: `Growth Audits ${RUN}`, description: 'A look at where growth stalls.', icon: 'target', features: ['Funnel review'], isActive: true, sortOrder: 8, ...overrides }),
    storedWithTitle: async (cookie, title) => {
      const r = await call(services, '/api/services', { headers: { cookie } });
      return r.json.filter((s: { title: string }) => s.title === title).map((s: { id: number }) => s.id);
    },
  },
];

describe.each(RESOURCES)('$noun: one form creating and editing', ({ noun, handler, path, payload, storedWithTitle }) => {
  const create = (cookie: string, body: unknown) => call(handler, path, { method: 'POST', body, headers: { cookie } });
  const get = (cookie: string, id: number) => call(handler, `${path}/${id}`, { params: { id: String(id) }, headers: { cookie } });
  const put = (cookie: string, id: number, body: unknown) => call(handler, `${path}/${id}`, { method: 'PUT', params: { id: String(id) }, headers: { cookie }, body });
  const savedSince = `Someone else saved this ${noun} after you opened it: reopen it to see their change, then make yours`;
  const keyReused = `This form already created ${noun === 'article' ? 'an' : 'a'} ${noun} with other content: save yours as an edit of that ${noun}, stored in this answer`;

  it('refuses the later save of an edit opened before another admin saved (409 on updatedAt), keeping the first change', async () => {
    const first = await adminSession();
    const second = await adminSession();
    const { id } = (await create(first.cookie, payload({ title: `Shared ${RUN}` }))).json;
    // Both open it as the list shows it (a row written by the database's clock, to the microsecond).
    const opened = (await get(first.cookie, id)).json;
    expect((await get(second.cookie, id)).json.updatedAt).toBe(opened.updatedAt);

    const saved = await put(first.cookie, id, payload({ title: `First's title ${RUN}`, updatedAt: opened.updatedAt }));
    expect(saved.status).toBe(200);
    const stale = await put(second.cookie, id, payload({ title: `Second's title ${RUN}`, updatedAt: opened.updatedAt }));
    expect([stale.status, stale.json]).toEqual([409, { error: savedSince, issues: { updatedAt: savedSince } }]);
    expect((await get(first.cookie, id)).json).toMatchObject({ title: `First's title ${RUN}`, updatedAt: saved.json.updatedAt });

    // Opened again, the second admin's save goes through; a save naming no time replaces as before.
    expect((await put(second.cookie, id, payload({ title: `Second's title ${RUN}`, updatedAt: saved.json.updatedAt }))).status).toBe(200);
    expect((await put(second.cookie, id, payload({ title: `Third's title ${RUN}` }))).status).toBe(200);
    // An unknown item is still a 404, a malformed time a 400 naming it.
    expect((await put(first.cookie, 2147483000, payload({ updatedAt: saved.json.updatedAt }))).status).toBe(404);
    const malformed = await put(first.cookie, id, payload({ updatedAt: 'yesterday' }));
    expect([malformed.status, Object.keys(malformed.json.issues)]).toEqual([400, ['updatedAt']]);
  });

  it('answers an edit saved again after its answer was lost 200, as that save stored it; other content is still refused', async () => {
    const { cookie } = await adminSession();
    const { id } = (await create(cookie, payload({ title: `Lost answer ${RUN}` }))).json;
    const opened = (await get(cookie, id)).json;
    const edit = payload({ title: `Lost answer, edited ${RUN}`, updatedAt: opened.updatedAt });

    // The save lands and its answer never reaches the panel (a dropped connection, a proxy's timeout);
    // the admin presses Update again, the form as it was.
    const landed = await put(cookie, id, edit);
    expect(landed.status).toBe(200);
    const again = await put(cookie, id, edit);
    expect([again.status, again.json]).toEqual([200, landed.json]);
    expect((await get(cookie, id)).json).toEqual(landed.json);

    // Content that differs from what is stored is a save over a later one: refused as before.
    const other = await put(cookie, id, { ...edit, description: 'Changed after the lost answer.' });
    expect([other.status, other.json.issues]).toEqual([409, { updatedAt: savedSince }]);
    expect((await get(cookie, id)).json).toEqual(landed.json);
  });

  it('answers a create sent again with its submissionId 200 with what the first stored, and stores no second one', async () => {
    const { cookie } = await adminSession();
    const title = `Retried ${RUN} ${crypto.randomUUID()}`;
    const body = payload({ title, submissionId: crypto.randomUUID() });
    const first = await create(cookie, body);
    expect(first.status).toBe(201);
    const retry = await create(cookie, body);
    expect([retry.status, retry.json]).toEqual([200, first.json]);
    expect(await storedWithTitle(cookie, title)).toEqual([first.json.id]);
  });

  it('refuses the key sent with other content (409 on submissionId) with the stored item, leaving it as it was', async () => {
    const { cookie } = await adminSession();
    const title = `Keyed ${RUN} ${crypto.randomUUID()}`;
    const submissionId = crypto.randomUUID();
    const first = await create(cookie, payload({ title, submissionId }));
    expect(first.status).toBe(201);
    const other = await create(cookie, payload({ title, description: 'Another summary.', submissionId }));
    expect([other.status, other.json]).toEqual([409, { error: keyReused, issues: { submissionId: keyReused }, stored: first.json }]);
    expect((await get(cookie, first.json.id)).json).toEqual(first.json);
    expect(await storedWithTitle(cookie, title)).toEqual([first.json.id]);
  });

  it("answers the key with the item as it now stands, and a PUT standing on that answer's version saves the change over it", async () => {
    const { cookie } = await adminSession();
    const title = `Keyed then edited ${RUN} ${crypto.randomUUID()}`;
    const submissionId = crypto.randomUUID();
    const { id, updatedAt } = (await create(cookie, payload({ title, submissionId }))).json;
    // Saved since the create (by another admin): the 409 holds that version.
    const edited = await put(cookie, id, payload({ title, description: 'Edited by another admin.', updatedAt }));
    expect(edited.status).toBe(200);
    const other = await create(cookie, payload({ title, description: 'Typed after the lost answer.', submissionId }));
    expect([other.status, other.json.stored]).toEqual([409, edited.json]);
    const saved = await put(cookie, id, payload({ title, description: 'Typed after the lost answer.', updatedAt: other.json.stored.updatedAt }));
    expect(saved.status).toBe(200);
    expect((await get(cookie, id)).json.description).toBe('Typed after the lost answer.');
    expect(await storedWithTitle(cookie, title)).toEqual([id]);
  });

  it('stores each create without a key, as API clients that send none are answered, and answers 400 naming a key that is not a UUID', async () => {
    const { cookie } = await adminSession();
    const title = `Unkeyed ${RUN} ${crypto.randomUUID()}`;
    const first = await create(cookie, payload({ title }));
    const second = await create(cookie, payload({ title }));
    expect([first.status, second.status]).toEqual([201, 201]);
    const bad = await create(cookie, payload({ title, submissionId: 'again' }));
    expect([bad.status, bad.json.issues]).toEqual([400, { submissionId: 'Must be a UUID' }]);
    expect(await storedWithTitle(cookie, title)).toEqual([first.json.id, second.json.id]);
  });
});
