/**
 * Migrations that change stored rows, run on rows written under the schema before them: the
 * project's migrator applies the earlier files, the test writes what production may hold, then
 * the rest of the files run.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/server/db/client.ts';
import { migrateToLatest, readMigrations } from '../../src/server/db/migrate.ts';
import { useOwnDatabase } from '../support/own-database.ts';

let own: Awaited<ReturnType<typeof useOwnDatabase>>;
let connection: ReturnType<typeof createDb>;

beforeAll(async () => {
  own = await useOwnDatabase({ migrated: false });
  connection = createDb(own.databaseUrl, process.env.DATABASE_WS_PROXY);
});
afterAll(async () => {
  await connection?.db.destroy();
  await own?.stop();
});

/** A folder holding the migrations before `name`, for the migrator to stop short of it. */
async function migrationsBefore(name: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  for (const m of await readMigrations()) {
    if (m.name >= name) break;
    await fs.writeFile(path.join(dir, `${m.name}.sql`), m.sql);
  }
  return dir;
}

describe('0009: a slug is never a number alone', () => {
  it('renames stored all-digit slugs, clears one whose new name is taken, and refuses new ones', async () => {
    const { db } = connection;
    await migrateToLatest(db, await migrationsBefore('0009_article_slug_not_a_number'));
    const insert = (title: string, slug: string | null) =>
      db.insertInto('articles').values({ title, description: 'd', readTime: '1 min read', slug }).returning('id').executeTakeFirstOrThrow();
    await insert('Kept', 'growth-2024');
    await insert('Digits', '42');
    await insert('Taken', 'article-7');
    await insert('Clashing digits', '7');
    await insert('No slug', null);

    expect(await migrateToLatest(db, await migrationsBefore('0010_admin_username_any_case'))).toEqual(['0009_article_slug_not_a_number']);
    const rows = await db.selectFrom('articles').select(['title', 'slug']).orderBy('id').execute();
    expect(rows).toEqual([
      { title: 'Kept', slug: 'growth-2024' },
      { title: 'Digits', slug: 'article-42' },
      { title: 'Taken', slug: 'article-7' },
      { title: 'Clashing digits', slug: null },
      { title: 'No slug', slug: null },
    ]);
    await expect(insert('New digits', '123')).rejects.toThrow(/articles_slug_not_a_number/);
    expect(Number((await sql<{ n: string }>`select count(*) as n from articles`.execute(db)).rows[0]!.n)).toBe(5);
  });
});

describe('0010: one admin account per address, whatever its letter case', () => {
  it('stops with what to do when accounts already clash, then refuses a second username or email that differs only in case', async () => {
    const { db } = connection;
    await migrateToLatest(db, await migrationsBefore('0010_admin_username_any_case'));
    const admin = (address: string) => db.insertInto('users').values({ username: address, email: address, password: 'hash' }).returning('id').executeTakeFirstOrThrow();
    await admin('Ada@Example.com');
    const clash = await admin('ada@example.com');
    await expect(migrateToLatest(db)).rejects.toThrow('Two admin accounts share one address in different letter case');
    await db.deleteFrom('users').where('id', '=', clash.id).execute();

    expect(await migrateToLatest(db, await migrationsBefore('0011_article_image_alt'))).toEqual(['0010_admin_username_any_case']);
    await expect(admin('ada@example.com')).rejects.toThrow(/users_username_lower_key/);
    await expect(db.insertInto('users').values({ username: 'other', email: 'ADA@example.com', password: 'hash' }).execute()).rejects.toThrow(
      /users_email_lower_key/,
    );
    expect(await db.selectFrom('users').select('username').execute()).toEqual([{ username: 'Ada@Example.com' }]);
  });
});

describe('0012: an article is published in 1970 or later', () => {
  it('moves earlier publication times to 1970, which the lists can read, and refuses new ones', async () => {
    const { db } = connection;
    expect(await migrateToLatest(db, await migrationsBefore('0012_article_published_at_from_1970'))).toEqual(['0011_article_image_alt']);
    const insert = (title: string, publishedAt: string) =>
      db.insertInto('articles').values({ title, description: 'd', readTime: '1 min read', publishedAt: new Date(publishedAt) }).execute();
    // Year 0 (1 BC), as the driver stored an API client's '0000-01-01' before the schema refused it.
    await sql`insert into articles (title, description, read_time, published_at) values ('Year zero', 'd', '1 min read', '0001-01-01 00:00:00+00 BC')`.execute(db);
    await insert('Recent', '2026-03-05T01:00:00Z');

    expect(await migrateToLatest(db, await migrationsBefore('0013_enquiry_submission_id'))).toEqual(['0012_article_published_at_from_1970']);
    const rows = await db.selectFrom('articles').select(['title', 'publishedAt']).where('title', 'in', ['Year zero', 'Recent']).orderBy('id').execute();
    expect(rows.map((r) => [r.title, r.publishedAt.toISOString()])).toEqual([
      ['Year zero', '1970-01-01T00:00:00.000Z'],
      ['Recent', '2026-03-05T01:00:00.000Z'],
    ]);
    await expect(insert('Too early', '1969-12-31T23:59:59Z')).rejects.toThrow(/articles_published_at_from_1970/);
  });
});

describe('0013: the enquiry form\'s key for each enquiry', () => {
  it('leaves the enquiries stored before it without a key, and refuses a second enquiry under one key', async () => {
    const { db } = connection;
    expect(await migrateToLatest(db, await migrationsBefore('0013_enquiry_submission_id'))).toEqual([]);
    const enquiry = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '1', company: 'Engines', message: 'Hello' };
    const before = await db.insertInto('enquiries').values(enquiry).returning('id').executeTakeFirstOrThrow();

    expect(await migrateToLatest(db, await migrationsBefore('0014_article_and_service_submission_id'))).toEqual(['0013_enquiry_submission_id']);
    expect(await db.selectFrom('enquiries').select('submissionId').where('id', '=', before.id).executeTakeFirstOrThrow()).toEqual({ submissionId: null });
    // Any number without a key; one with each key, whatever its letter case.
    await db.insertInto('enquiries').values([{ ...enquiry, submissionId: null }, { ...enquiry, submissionId: null }]).execute();
    const key = '0b6f9c1e-4a7d-4c2e-9f0a-3d5b8e7c6a41';
    await db.insertInto('enquiries').values({ ...enquiry, submissionId: key }).execute();
    await expect(db.insertInto('enquiries').values({ ...enquiry, submissionId: key.toUpperCase() }).execute()).rejects.toThrow(/enquiries_submission_id_key/);
  });
});

describe("0014: the admin create form's key for each article and service", () => {
  it('leaves the rows stored before it without a key, and refuses a second row under one key', async () => {
    const { db } = connection;
    expect(await migrateToLatest(db, await migrationsBefore('0014_article_and_service_submission_id'))).toEqual([]);
    const article = { title: 'Keyed', description: 'd', readTime: '1 min read' };
    const service = { title: 'Keyed', description: 'd', icon: 'target', features: [] };
    const articleBefore = await db.insertInto('articles').values(article).returning('id').executeTakeFirstOrThrow();
    const serviceBefore = await db.insertInto('services').values(service).returning('id').executeTakeFirstOrThrow();

    expect(await migrateToLatest(db, await migrationsBefore('0015_article_former_slugs'))).toEqual(['0014_article_and_service_submission_id']);
    expect(await db.selectFrom('articles').select('submissionId').where('id', '=', articleBefore.id).executeTakeFirstOrThrow()).toEqual({ submissionId: null });
    expect(await db.selectFrom('services').select('submissionId').where('id', '=', serviceBefore.id).executeTakeFirstOrThrow()).toEqual({ submissionId: null });
    // Any number without a key; one with each key, whatever its letter case.
    await db.insertInto('articles').values([{ ...article, submissionId: null }, { ...article, submissionId: null }]).execute();
    await db.insertInto('services').values([{ ...service, submissionId: null }, { ...service, submissionId: null }]).execute();
    const key = '5c0e8a3f-2b1d-4f6e-8a9c-7d4b2e1f0a63';
    await db.insertInto('articles').values({ ...article, submissionId: key }).execute();
    await db.insertInto('services').values({ ...service, submissionId: key }).execute();
    await expect(db.insertInto('articles').values({ ...article, submissionId: key.toUpperCase() }).execute()).rejects.toThrow(/articles_submission_id_key/);
    await expect(db.insertInto('services').values({ ...service, submissionId: key.toUpperCase() }).execute()).rejects.toThrow(/services_submission_id_key/);
  });
});

describe('0022: the published count of each category, kept by the database', () => {
  it('counts the articles a database already holds, then keeps the counts', async () => {
    const { db } = connection;
    await migrateToLatest(db, await migrationsBefore('0022_article_category_counts'));
    await sql`delete from articles`.execute(db);
    await sql`insert into articles (title, description, read_time, category, is_published)
      select 'Before ' || i, 'd', '1 min read', (array['Thought Leadership', 'Industry Trends & Insights', 'Events & Announcements'])[1 + i % 3], i % 4 <> 0
      from generate_series(1, 30) i`.execute(db);

    expect(await migrateToLatest(db)).toContain('0022_article_category_counts');
    const kept = async () => (await db.selectFrom('articleCategoryCounts').select(['category', 'published']).orderBy('category').execute());
    expect(await kept()).toEqual([
      { category: 'Events & Announcements', published: 8 },
      { category: 'Industry Trends & Insights', published: 7 },
      { category: 'Thought Leadership', published: 8 },
    ]);
    await db.insertInto('articles').values({ title: 'After', description: 'd', readTime: '1 min read', category: 'Thought Leadership' }).execute();
    expect((await kept()).find((r) => r.category === 'Thought Leadership')).toEqual({ category: 'Thought Leadership', published: 9 });
  });
});
