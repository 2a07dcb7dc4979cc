// Text no database should see: U+0000 (Postgres text cannot hold it, so the statement failed and the
// API answered 500) and unpaired UTF-16 surrogates (not Unicode; UTF-8 encoding silently turned them
// into U+FFFD). Every text field of every form refuses them with a 400 naming the field, and path
// parameters carrying them answer 404, never 5xx.
import { beforeAll, describe, expect, it } from 'vitest';
import articles from '../../netlify/functions/articles.ts';
import changePassword from '../../netlify/functions/auth-change-password.ts';
import login from '../../netlify/functions/auth-login.ts';
import contacts from '../../netlify/functions/contacts.ts';
import newsletter from '../../netlify/functions/newsletter.ts';
import objectsServe from '../../netlify/functions/objects-serve.ts';
import services from '../../netlify/functions/services.ts';
import { INVALID_CHARACTERS, ONE_LINE } from '../../src/schemas/fields.ts';
import { getDb } from '../../src/server/db/client.ts';
import { ARTICLE_LIMITS, articleSchema } from '../../src/schemas/article.ts';
import { createArticle, findPublishedArticleByIdOrSlug } from '../../src/server/repositories/articles.ts';
import { TEST_PASSWORD, adminSession } from '../support/admin-session.ts';
import { call } from '../support/call.ts';
import { sampleEnquiry } from '../support/sample-enquiry.ts';
import { unique, uniqueIp } from '../support/unique.ts';

/** The three ways text can be unstorable, each inside otherwise ordinary text. */
const HOSTILE: Record<string, (text: string) => string> = {
  'U+0000': (t) => `${t}\u0000${t}`,
  'a lone high surrogate': (t) => `${t}\uD83D`,
  'a lone low surrogate': (t) => `\uDE00${t}`,
};

const validArticle = () => ({
  title: `Title ${unique()}`,
  description: 'Description',
  content: '<p>Body</p>',
  author: 'Author',
  imageUrl: '/objects/uploads/0123456789abcdef0123456789abcdef',
  youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
  readTime: '5 min read',
  metaTitle: 'Meta title',
  metaDescription: 'Meta description',
  tags: ['strategy'],
  slug: `slug-${unique()}`,
});

const validService = () => ({ title: `Service ${unique()}`, description: 'Description', icon: 'target', features: ['One'] });

/** Sets `field` (or the first item of a list field) to the hostile version of its valid value. */
function withHostile<T extends Record<string, unknown>>(body: T, field: keyof T & string, make: (t: string) => string): T {
  const value = body[field];
  return { ...body, [field]: Array.isArray(value) ? [make(String(value[0]))] : make(String(value)) };
}

let admin: Awaited<ReturnType<typeof adminSession>>;
beforeAll(async () => {
  admin = await adminSession();
});

describe.each(Object.entries(HOSTILE))('text with %s', (_label, make) => {
  it('is refused in every enquiry field, naming it, and nothing is stored', async () => {
    for (const field of ['firstName', 'lastName', 'email', 'phone', 'company', 'message', 'service', 'page', 'ctaButton'] as const) {
      const base = sampleEnquiry();
      const r = await call(contacts, '/api/contacts', { body: withHostile(base, field, make), ip: uniqueIp() });
      expect(r.status, field).toBe(400);
      expect(r.json, field).toEqual({ error: 'Invalid request', issues: { [field]: INVALID_CHARACTERS } });
      expect(await getDb().selectFrom('enquiries').select('id').where('email', 'like', `%${base.email}%`).execute(), field).toEqual([]);
    }
  });

  it('is refused in the newsletter email', async () => {
    const r = await call(newsletter, '/api/newsletter', { body: { email: make(`reader.${unique()}@example.com`) }, ip: uniqueIp() });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ error: 'Invalid request', issues: { email: INVALID_CHARACTERS } });
  });

  it('is refused in every article field, naming it, and no article is created', async () => {
    const fields = ['title', 'description', 'content', 'author', 'imageUrl', 'youtubeUrl', 'readTime', 'metaTitle', 'metaDescription', 'tags', 'slug'] as const;
    for (const field of fields) {
      const base = validArticle();
      const r = await call(articles, '/api/articles', { body: withHostile(base, field, make), headers: { cookie: admin.cookie } });
      expect(r.status, field).toBe(400);
      // tags report the list item's path; fieldIssues keys by the top-level field either way.
      expect(r.json.issues[field], field).toBe(INVALID_CHARACTERS);
      const rows = await getDb().selectFrom('articles').select('id').where('title', 'like', `%${base.title}%`).execute();
      expect(rows, field).toEqual([]);
    }
  });

  it('is refused in every service field, naming it', async () => {
    for (const field of ['title', 'description', 'icon', 'features'] as const) {
      const r = await call(services, '/api/services', { body: withHostile(validService(), field, make), headers: { cookie: admin.cookie } });
      expect(r.status, field).toBe(400);
      expect(r.json.issues[field], field).toBe(INVALID_CHARACTERS);
    }
  });

  it('is refused in the login username and password, before any account is looked up', async () => {
    const user = await call(login, '/api/auth/login', { body: { username: make(admin.email), password: TEST_PASSWORD }, ip: uniqueIp() });
    expect(user.status).toBe(400);
    expect(user.json).toEqual({ error: INVALID_CHARACTERS, issues: { username: INVALID_CHARACTERS } });
    const password = await call(login, '/api/auth/login', { body: { username: admin.email, password: make(TEST_PASSWORD) }, ip: uniqueIp() });
    expect(password.status).toBe(400);
    expect(password.json).toEqual({ error: INVALID_CHARACTERS, issues: { password: INVALID_CHARACTERS } });
  });

  it('is refused in both change-password fields', async () => {
    for (const field of ['currentPassword', 'newPassword'] as const) {
      const body = withHostile({ currentPassword: TEST_PASSWORD, newPassword: 'a fresh passphrase here' }, field, make);
      const r = await call(changePassword, '/api/auth/change-password', { body, headers: { cookie: admin.cookie } });
      expect(r.status, field).toBe(400);
      expect(r.json, field).toEqual({ error: INVALID_CHARACTERS, issues: { [field]: INVALID_CHARACTERS } });
    }
  });
});

describe('a line break in a one-line field', () => {
  // U+000B is the line break Word and PowerPoint put in with Shift+Enter, so a name or company
  // pasted from them carries it; U+000C is the form feed. Unicode breaks a line at both, as at U+2028.
  const breaks = ['\r\n', '\n', '\r', '\u2028', '\u000B', '\u000C'];

  it('is refused in every enquiry field but the message, naming it, and nothing is stored', async () => {
    for (const lineBreak of breaks) {
      for (const field of ['firstName', 'lastName', 'phone', 'company', 'service', 'page', 'ctaButton'] as const) {
        const base = sampleEnquiry();
        // A second line that would pass for a field of its own in the notice e-mail.
        const r = await call(contacts, '/api/contacts', { body: { ...base, [field]: `Eve${lineBreak}Email: eve@evil.example` }, ip: uniqueIp() });
        expect(r.status, field).toBe(400);
        expect(r.json, field).toEqual({ error: 'Invalid request', issues: { [field]: ONE_LINE } });
        expect(await getDb().selectFrom('enquiries').select('id').where('email', '=', base.email).execute(), field).toEqual([]);
      }
    }
    const multiLine = { ...sampleEnquiry(), message: 'Hello\r\nWe want to grow\nThanks' };
    const kept = await call(contacts, '/api/contacts', { body: multiLine, ip: uniqueIp() });
    expect(kept.status).toBe(201);
  });

  it('is refused in article and service titles', async () => {
    const article = await call(articles, '/api/articles', { body: { ...validArticle(), title: 'One\nTwo' }, headers: { cookie: admin.cookie } });
    expect(article.status).toBe(400);
    expect(article.json.issues).toEqual({ title: ONE_LINE });
    const service = await call(services, '/api/services', { body: { ...validService(), title: 'One\nTwo' }, headers: { cookie: admin.cookie } });
    expect(service.status).toBe(400);
    expect(service.json.issues).toEqual({ title: ONE_LINE });
  });

  it('is refused in the newsletter source page, which must be a path', async () => {
    for (const [page, issue] of [
      ['/insights\n=cmd', ONE_LINE],
      ['https://evil.example/', 'Must be a path on this site, starting with /'],
      ['//evil.example/insights', 'Must be a path on this site, starting with /'],
      ['/\\evil.example/insights', 'Must be a path on this site, starting with /'],
    ] as const) {
      const r = await call(newsletter, '/api/newsletter', { body: { email: `page.${unique()}@example.com`, sourcePage: page }, ip: uniqueIp() });
      expect(r.status, page).toBe(400);
      expect(r.json, page).toEqual({ error: 'Invalid request', issues: { sourcePage: issue } });
    }
  });
});

describe('text of nothing a reader can see', () => {
  // Zero-width space, word joiner, zero-width joiner, soft hyphen, Hangul filler, variation
  // selector, byte-order mark: a browser's `required` takes each as typed, and the inbox, the
  // notice and the CSV would show an enquiry from no one at no company.
  const INVISIBLE = ['\u200B', '\u2060', '\u200D', '\u00AD', '\u3164', '\uFE0F', '\u200B \uFEFF\u200C'];

  it('is empty in every required enquiry field, which says so, and nothing is stored', async () => {
    for (const invisible of INVISIBLE) {
      for (const field of ['firstName', 'lastName', 'phone', 'company', 'message'] as const) {
        const base = sampleEnquiry();
        const r = await call(contacts, '/api/contacts', { body: { ...base, [field]: invisible }, ip: uniqueIp() });
        expect(r.status, `${field} ${JSON.stringify(invisible)}`).toBe(400);
        expect(r.json, field).toEqual({ error: 'Invalid request', issues: { [field]: 'Required' } });
        expect(await getDb().selectFrom('enquiries').select('id').where('email', '=', base.email).execute(), field).toEqual([]);
      }
    }
  });

  it('is empty in an optional enquiry field, stored as no value', async () => {
    const r = await call(contacts, '/api/contacts', { body: { ...sampleEnquiry(), service: '\u200B', ctaButton: '\u2060' }, ip: uniqueIp() });
    expect(r.status).toBe(201);
    const row = await getDb().selectFrom('enquiries').select(['service', 'ctaButton']).where('id', '=', r.json.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ service: null, ctaButton: null });
  });

  it('is empty in article and service titles', async () => {
    const article = await call(articles, '/api/articles', { body: { ...validArticle(), title: '\u200B\u200B' }, headers: { cookie: admin.cookie } });
    expect(article.status).toBe(400);
    expect(article.json.issues).toEqual({ title: 'Required' });
    const service = await call(services, '/api/services', { body: { ...validService(), title: '\u3164' }, headers: { cookie: admin.cookie } });
    expect(service.status).toBe(400);
    expect(service.json.issues).toEqual({ title: 'Required' });
  });

  it('is told apart from a value of the wrong type, which is named with what it expected, not called missing', async () => {
    const base = sampleEnquiry();
    const r = await call(contacts, '/api/contacts', { body: { ...base, firstName: 42, message: ['Hello'] }, ip: uniqueIp() });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      error: 'Invalid request',
      issues: { firstName: 'Invalid input: expected string, received number', message: 'Invalid input: expected string, received array' },
    });
    expect(await getDb().selectFrom('enquiries').select('id').where('email', '=', base.email).execute()).toEqual([]);
    const article = await call(articles, '/api/articles', { body: { ...validArticle(), title: 7 }, headers: { cookie: admin.cookie } });
    expect(article.status).toBe(400);
    expect(article.json.issues).toEqual({ title: 'Invalid input: expected string, received number' });
  });

  it("is no value in an article's optional one-line fields: the author is the default, a tag of it is dropped", async () => {
    const body = { ...validArticle(), author: '\u200B', imageAlt: '\u2060', metaTitle: '\u00AD', tags: ['strategy', '\u200B \uFEFF'] };
    const r = await call(articles, '/api/articles', { body, headers: { cookie: admin.cookie } });
    expect(r.status).toBe(201);
    expect([r.json.author, r.json.imageAlt, r.json.metaTitle, r.json.tags]).toEqual(['Admin', null, null, ['strategy']]);
  });

  it('is kept as typed beside visible text: an emoji sequence, a Persian word, a soft hyphen', async () => {
    const body = { ...sampleEnquiry(), firstName: '👩\u200D💻 Ada', company: 'می\u200Cخواهم', lastName: 'Love\u00ADlace' };
    const r = await call(contacts, '/api/contacts', { body, ip: uniqueIp() });
    expect(r.status).toBe(201);
    const row = await getDb().selectFrom('enquiries').select(['firstName', 'lastName', 'company']).where('id', '=', r.json.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ firstName: '👩\u200D💻 Ada', lastName: 'Love\u00ADlace', company: 'می\u200Cخواهم' });
  });
});

describe('control characters other than U+0000', () => {
  // A bell, a backspace, an escape (which starts a terminal's control sequence when the CSV export
  // is read in one), DEL and the C1 controls: nothing a person typed, and nothing anyone can see.

  it('are dropped from every one-line enquiry field, and a tab (a spreadsheet cell pasted) is a space', async () => {
    const body = { ...sampleEnquiry(), firstName: 'Ada\u0007', lastName: '\u0008Lovelace', company: 'Engines\tLtd\u001B[31m', phone: '+61\u007F 400 111 222', service: 'Growth\u009B' };
    const r = await call(contacts, '/api/contacts', { body, ip: uniqueIp() });
    expect(r.status).toBe(201);
    const row = await getDb().selectFrom('enquiries').select(['firstName', 'lastName', 'company', 'phone', 'service']).where('id', '=', r.json.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ firstName: 'Ada', lastName: 'Lovelace', company: 'Engines Ltd[31m', phone: '+61 400 111 222', service: 'Growth' });
  });

  it('are dropped from a message, whose tabs and line breaks stay as typed', async () => {
    const r = await call(contacts, '/api/contacts', { body: { ...sampleEnquiry(), message: 'Hello\u0007\tthere\r\nBye\u001B\u0090' }, ip: uniqueIp() });
    expect(r.status).toBe(201);
    const row = await getDb().selectFrom('enquiries').select('message').where('id', '=', r.json.id).executeTakeFirstOrThrow();
    expect(row.message).toBe('Hello\tthere\r\nBye');
  });

  it('make a field of nothing else empty, and a required one says so', async () => {
    const r = await call(contacts, '/api/contacts', { body: { ...sampleEnquiry(), lastName: '\u0007\u001B', message: '\u0008' }, ip: uniqueIp() });
    expect(r.status).toBe(400);
    expect(r.json.issues).toEqual({ lastName: 'Required', message: 'Required' });
  });

  it("are dropped from an article's title, description, author and tags, and a service's title and features", async () => {
    const body = { ...validArticle(), title: 'Growth\u001B plan', description: 'Why\u0007 it works', author: 'Ada\tLovelace', tags: ['brand\u0001'] };
    const article = await call(articles, '/api/articles', { body, headers: { cookie: admin.cookie } });
    expect(article.status).toBe(201);
    expect([article.json.title, article.json.description, article.json.author, article.json.tags]).toEqual(['Growth plan', 'Why it works', 'Ada Lovelace', ['brand']]);
    const service = await call(services, '/api/services', { body: { ...validService(), title: 'Brand\u0007', features: ['Audit\u009B'] }, headers: { cookie: admin.cookie } });
    expect(service.status).toBe(201);
    expect([service.json.title, service.json.features]).toEqual(['Brand', ['Audit']]);
  });
});

describe('text-direction controls', () => {
  // U+202E reverses what follows: 'Acme \u202Egnp.exe' would show as 'Acme exe.png'.
  const CONTROLS = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];

  it('are dropped from every one-line enquiry field, which is stored without them', async () => {
    for (const control of CONTROLS) {
      const body = { ...sampleEnquiry(), company: `Acme ${control}gnp.exe`, firstName: `${control}Ada`, service: `Growth${control}` };
      const r = await call(contacts, '/api/contacts', { body, ip: uniqueIp() });
      expect(r.status, control).toBe(201);
      const row = await getDb().selectFrom('enquiries').select(['firstName', 'company', 'service']).where('id', '=', r.json.id).executeTakeFirstOrThrow();
      expect(row, control).toEqual({ firstName: 'Ada', company: 'Acme gnp.exe', service: 'Growth' });
    }
  });

  it('a phone number copied from a messaging app, wrapped in them, is taken as the digits', async () => {
    const r = await call(contacts, '/api/contacts', { body: { ...sampleEnquiry(), phone: '\u202A+61 400 111 222\u202C' }, ip: uniqueIp() });
    expect(r.status).toBe(201);
    const row = await getDb().selectFrom('enquiries').select('phone').where('id', '=', r.json.id).executeTakeFirstOrThrow();
    expect(row.phone).toBe('+61 400 111 222');
  });

  it('a field of nothing but them is empty, and a required one says so', async () => {
    const r = await call(contacts, '/api/contacts', { body: { ...sampleEnquiry(), lastName: '\u202E\u202C' }, ip: uniqueIp() });
    expect(r.status).toBe(400);
    expect(r.json.issues).toEqual({ lastName: 'Required' });
  });

  it('are dropped from article and service titles and the newsletter source page', async () => {
    const article = await call(articles, '/api/articles', { body: { ...validArticle(), title: 'Growth \u202Egnp.exe' }, headers: { cookie: admin.cookie } });
    expect(article.status).toBe(201);
    expect(article.json.title).toBe('Growth gnp.exe');
    const service = await call(services, '/api/services', { body: { ...validService(), title: 'Growth \u2067x' }, headers: { cookie: admin.cookie } });
    expect(service.status).toBe(201);
    expect(service.json.title).toBe('Growth x');
    const email = `page.${unique()}@example.com`;
    expect((await call(newsletter, '/api/newsletter', { body: { email, sourcePage: '/insights\u202E' }, ip: uniqueIp() })).status).toBe(201);
    const subscriber = await getDb().selectFrom('subscribers').select('sourcePage').where('email', '=', email).executeTakeFirstOrThrow();
    expect(subscriber.sourcePage).toBe('/insights');
  });

  it("are dropped from text of many lines too: an enquiry's message, an article's description and body", async () => {
    const message = `Please see the attached ${'\u202E'}gnp.exe\nThanks${'\u2066'}`;
    const r = await call(contacts, '/api/contacts', { body: { ...sampleEnquiry(), message }, ip: uniqueIp() });
    expect(r.status).toBe(201);
    const row = await getDb().selectFrom('enquiries').select('message').where('id', '=', r.json.id).executeTakeFirstOrThrow();
    expect(row.message).toBe('Please see the attached gnp.exe\nThanks');
    const body = { ...validArticle(), description: 'Growth \u202Eecalp', content: '<p>Price list: \u202Efdp.exe</p><p>\u2067done\u2069</p>' };
    const article = await call(articles, '/api/articles', { body, headers: { cookie: admin.cookie } });
    expect(article.status).toBe(201);
    expect([article.json.description, article.json.content]).toEqual(['Growth ecalp', '<p>Price list: fdp.exe</p><p>done</p>']);
  });

  it("are dropped from an article's author, image description, meta title and tags", async () => {
    const tags = ['\u202Egnp.exe', 'growth\u202C'];
    const body = { ...validArticle(), author: 'Ada \u202Eecalevol', imageAlt: 'A chart\u2067', metaTitle: '\u202DGrowth', tags };
    const r = await call(articles, '/api/articles', { body, headers: { cookie: admin.cookie } });
    expect(r.status).toBe(201);
    expect([r.json.author, r.json.imageAlt, r.json.metaTitle, r.json.tags]).toEqual(['Ada ecalevol', 'A chart', 'Growth', ['gnp.exe', 'growth']]);
  });

  it("refuse a line break in an article's one-line fields, naming each, and create nothing", async () => {
    const title = `Title ${unique()}`;
    const body = { ...validArticle(), title, author: 'Ada\nLovelace', imageAlt: 'A\u2028chart', metaTitle: 'Grow\rth', tags: ['strategy', 'two\nlines'] };
    const r = await call(articles, '/api/articles', { body, headers: { cookie: admin.cookie } });
    expect(r.status).toBe(400);
    expect(r.json.issues).toEqual({ author: ONE_LINE, imageAlt: ONE_LINE, metaTitle: ONE_LINE, tags: ONE_LINE });
    expect(await getDb().selectFrom('articles').select('id').where('title', '=', title).execute()).toEqual([]);
  });

  it('leave right-to-left text itself as typed, mixed with left-to-right text', async () => {
    const body = { ...sampleEnquiry(), company: 'شركة النمو', message: 'مرحبا, we would like a Growth Accelerator quote.\nشكرا' };
    const r = await call(contacts, '/api/contacts', { body, ip: uniqueIp() });
    expect(r.status).toBe(201);
    const row = await getDb().selectFrom('enquiries').select(['company', 'message']).where('id', '=', r.json.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ company: 'شركة النمو', message: 'مرحبا, we would like a Growth Accelerator quote.\nشكرا' });
  });
});

describe('article bodies and image paths', () => {
  it('refuses a body nested deeper than the editor ever writes, as sent or once cleaned, naming the field', async () => {
    const deep = 'Content is nested too deeply: at most 40 levels of lists and formatting';
    // 60,000 open tags: refused before the cleaning, whose time grows with the square of the depth.
    // '</b_>' is a tag of its own to the parser, so the '<b>'s stay open: caught once cleaned.
    for (const content of ['<b>'.repeat(60_000), '<b></b_>'.repeat(41), '<em>'.repeat(41)]) {
      const r = await call(articles, '/api/articles', { body: { ...validArticle(), content }, headers: { cookie: admin.cookie } });
      expect(r.status, content.slice(0, 12)).toBe(400);
      expect(r.json.issues, content.slice(0, 12)).toEqual({ content: deep });
    }
    const deepList = `${'<ul><li>'.repeat(10)}Deep${'</li></ul>'.repeat(10)}`;
    // List items and paragraphs left open, as older HTML has them: the parser closes each at the next.
    const looseItems = `<ul>${'<li>Item'.repeat(60)}</ul>${'<p>Para'.repeat(60)}`;
    for (const content of [deepList, looseItems]) {
      expect((await call(articles, '/api/articles', { body: { ...validArticle(), content }, headers: { cookie: admin.cookie } })).status, content.slice(0, 12)).toBe(201);
    }
  });

  it('keeps the stored article as it was when a replacement body is refused, and refuses it to every writer', async () => {
    const created = await call(articles, '/api/articles', { body: { ...validArticle(), content: '<p>Kept</p>' }, headers: { cookie: admin.cookie } });
    expect(created.status).toBe(201);
    const tooDeep = { ...validArticle(), title: 'Replaced', content: '<em>'.repeat(41) };
    const r = await call(articles, `/api/articles/${created.json.id}`, { method: 'PUT', params: { id: String(created.json.id) }, body: tooDeep, headers: { cookie: admin.cookie } });
    expect(r.status).toBe(400);
    expect(r.json.issues).toEqual({ content: 'Content is nested too deeply: at most 40 levels of lists and formatting' });
    const row = await getDb().selectFrom('articles').select(['title', 'content']).where('id', '=', created.json.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: created.json.title, content: '<p>Kept</p>' });
    // The rule is the repository's: any caller of createArticle meets it, not only the API.
    await expect(createArticle(getDb(), articleSchema.parse({ ...tooDeep, slug: `slug-${unique()}` }))).rejects.toMatchObject({ status: 400, issues: { content: 'Content is nested too deeply: at most 40 levels of lists and formatting' } });
  });

  it('refuses a body over the limit once sanitised, though it was under it as sent', async () => {
    // 150,000 bare '<' characters are 600,000 once escaped as '&lt;'.
    const r = await call(articles, '/api/articles', { body: { ...validArticle(), content: `<p>${'< '.repeat(75_000)}</p>` }, headers: { cookie: admin.cookie } });
    expect(r.status).toBe(400);
    expect(r.json.issues).toEqual({ content: 'Must be 200000 characters or fewer once cleaned of markup the editor cannot write' });
  });

  it("saves a long article as the editor sends it, its markup past the limit but its cleaned body under it", async () => {
    // The editor's export: a class and dir on each block, a white-space span round each run of text.
    const paragraph = (i: number) =>
      `<p class="mb-4 leading-relaxed" dir="ltr"><span style="white-space: pre-wrap;">Paragraph ${i} of a long article, </span>` +
      `<b><strong class="font-semibold" style="white-space: pre-wrap;">with a bold phrase</strong></b>` +
      `<span style="white-space: pre-wrap;"> and the rest of its sentence, long enough to be read as prose.</span></p>`;
    const content = Array.from({ length: 1200 }, (_, i) => paragraph(i)).join('');
    expect(content.length).toBeGreaterThan(ARTICLE_LIMITS.content);
    const r = await call(articles, '/api/articles', { body: { ...validArticle(), content }, headers: { cookie: admin.cookie } });
    expect(r.status).toBe(201);
    expect(r.json.content.length).toBeLessThan(ARTICLE_LIMITS.content);
    expect(r.json.content.slice(0, 120)).toBe('<p>Paragraph 0 of a long article, <b><strong>with a bold phrase</strong></b> and the rest of its sentence, long enough t');
  });

  it('refuses a body past the limit as sent, naming the field', async () => {
    const r = await call(articles, '/api/articles', { body: { ...validArticle(), content: `<p>${'a'.repeat(ARTICLE_LIMITS.contentAsSent)}</p>` }, headers: { cookie: admin.cookie } });
    expect(r.status).toBe(400);
    expect(r.json.issues).toEqual({ content: 'Must be 800000 characters or fewer' });
  });

  it('saves an article under the character limit whatever its script, though its UTF-8 bytes are three times as many', async () => {
    // 180,007 characters, 540,007 bytes: over half a megabyte, the request limit before it was sized by characters.
    const content = `<p>${'市场'.repeat(90_000)}</p>`;
    const r = await call(articles, '/api/articles', { body: { ...validArticle(), content }, headers: { cookie: admin.cookie } });
    expect(r.status).toBe(201);
    const row = await getDb().selectFrom('articles').select('content').where('id', '=', r.json.id).executeTakeFirstOrThrow();
    expect(row.content).toBe(content);
  });

  it('counts the cleaned body in characters, as every other limit is counted: 150,000 emoji (300,000 UTF-16 units) are saved', async () => {
    const content = `<p>${'📈'.repeat(150_000)}</p>`;
    expect(content.length).toBeGreaterThan(ARTICLE_LIMITS.content);
    const r = await call(articles, '/api/articles', { body: { ...validArticle(), content }, headers: { cookie: admin.cookie } });
    expect(r.status).toBe(201);
    const row = await getDb().selectFrom('articles').select('content').where('id', '=', r.json.id).executeTakeFirstOrThrow();
    expect(row.content).toBe(content);
    // Past the limit as sent (4 bytes a character in UTF-8): told which field is long, not a 413.
    const long = await call(articles, '/api/articles', { body: { ...validArticle(), content: `<p>${'📈'.repeat(ARTICLE_LIMITS.contentAsSent)}</p>` }, headers: { cookie: admin.cookie } });
    expect(long.status).toBe(400);
    expect(long.json.issues).toEqual({ content: 'Must be 800000 characters or fewer' });
  });

  it('refuses an image path a browser would read as another host', async () => {
    for (const imageUrl of ['/\\evil.example/x.png', '/objects\\..\\x', '//evil.example/x.png']) {
      const r = await call(articles, '/api/articles', { body: { ...validArticle(), imageUrl }, headers: { cookie: admin.cookie } });
      expect(r.status, imageUrl).toBe(400);
      expect(Object.keys(r.json.issues), imageUrl).toEqual(['imageUrl']);
    }
  });
});

describe('well-formed text outside the Basic Multilingual Plane', () => {
  it('is stored as typed (a surrogate pair is not a lone surrogate)', async () => {
    const body = { ...sampleEnquiry(), message: 'Launch 🚀 in 𝄞 time' };
    const r = await call(contacts, '/api/contacts', { body, ip: uniqueIp() });
    expect(r.status).toBe(201);
    const row = await getDb().selectFrom('enquiries').select('message').where('id', '=', r.json.id).executeTakeFirstOrThrow();
    expect(row.message).toBe('Launch 🚀 in 𝄞 time');
  });
});

describe('path parameters carrying hostile text', () => {
  const keys = ['\u0000', '%00', '1\u0000', 'a\u0000b', '\uD800', '1%00'];
  /** The key as it would appear in a URL (a lone surrogate cannot be percent-encoded; U+FFFD stands in). */
  const inPath = (key: string) => encodeURIComponent(key.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));

  it('answer 404 on every route that takes one, and the Insights article lookup finds nothing without a query', async () => {
    for (const key of keys) {
      const label = JSON.stringify(key);
      const article = await call(articles, `/api/articles/${inPath(key)}`, { params: { id: key } });
      expect(article.status, label).toBe(404);
      expect(article.json, label).toEqual({ error: 'Not found' });
      expect((await call(services, `/api/services/${inPath(key)}`, { params: { id: key } })).status, label).toBe(404);
      const put = await call(articles, `/api/articles/${inPath(key)}`, { method: 'PUT', body: validArticle(), params: { id: key }, headers: { cookie: admin.cookie } });
      expect(put.status, label).toBe(404);
      const del = await call(services, `/api/services/${inPath(key)}`, { method: 'DELETE', params: { id: key }, headers: { cookie: admin.cookie } });
      expect(del.status, label).toBe(404);
      expect((await call(objectsServe, `/objects/uploads/${inPath(key)}`, { params: { name: key } })).status, label).toBe(404);
      // /insights/{key}: the page answers 404 when this finds nothing (tests/e2e/platform.spec.ts).
      expect(await findPublishedArticleByIdOrSlug(getDb(), key), label).toBeUndefined();
    }
  });
});
