/**
 * `npm run db:copy` between two databases of the PostgreSQL server (PostgreSQL pass only: a copy
 * needs two databases at once, and the embedded PGlite is one), each migrated as the project
 * migrates one: the whole copy compared row by row, the refusals, the sequences after it, and
 * copies cut midway that must leave the target as it was.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureNeonProxy, createDb } from '../../src/server/db/client.ts';
import { copyDatabase, CopyRefused } from '../../src/server/db/copy-database.ts';
import { isDatabaseUnavailable } from '../../src/server/db/errors.ts';
import { SITE_TABLE_NAMES } from '../../src/server/db/site-tables.ts';
import { prepareDatabase } from '../../scripts/lib/prepare-database.mjs';
import { createScratchDatabase } from '../../scripts/lib/scratch-database.mjs';

const run = promisify(execFile);
const server = process.env.TEST_DATABASE_URL!;
const wsProxy = process.env.DATABASE_WS_PROXY;

type Scratch = Awaited<ReturnType<typeof createScratchDatabase>> & { db: Kysely<any> };
const made: Scratch[] = [];

/** A new database on the server, migrated (the catalogue seed among the migrations), with a handle. */
async function migratedDatabase(prefix: string): Promise<Scratch> {
  const scratch = await createScratchDatabase(server, prefix);
  await prepareDatabase({ databaseUrl: scratch.databaseUrl, wsProxy, log: () => {} });
  const { db } = createDb(scratch.databaseUrl, wsProxy);
  const made1 = { ...scratch, db };
  made.push(made1);
  return made1;
}

/**
 * A source with a row in every site table, values a copy could spoil (microseconds, arrays, jsonb,
 * a 64-bit number), a slug changed twice (the trigger of 0015 kept two former slugs), rows deleted
 * after their ids were given, and a table of a few thousand rows (many batches).
 */
async function fillSource(db: Kysely<any>): Promise<void> {
  await sql.raw(`
    insert into enquiries (first_name, last_name, email, company, phone, message, status, submission_id, created_at)
      values ('Ada', 'Lovelace', 'ada@example.com', 'Engines', '+44 1', 'About a project', 'handled', 'a1b2c3d4-0000-4000-8000-000000000001', '2026-03-04 05:06:07.123456+00'),
             ('Grace', 'Hopper', 'grace@example.com', 'Navy', '+1 2', 'Compilers', 'new', null, '2026-03-05 01:02:03.654321+00'),
             ('Gone', 'Soon', 'gone@example.com', 'X', '0', 'Deleted later', 'new', null, now());
    delete from enquiries where email = 'gone@example.com';
    insert into subscribers (email, source_page, status, subscribed_at)
      select 'reader' || i || '@example.com', '/insights', case when i % 7 = 0 then 'unsubscribed' else 'subscribed' end,
             '2026-01-01 00:00:00.000001+00'::timestamptz + i * interval '1 minute 0.000003 second'
      from generate_series(1, 2500) i;
    insert into outbox (kind, payload, enquiry_id, status, attempts)
      select 'enquiry-notice', jsonb_build_object('to', 'firm@example.com', 'nested', jsonb_build_object('n', 12345678901234567890, 'list', jsonb_build_array(1, 'two'))), id, 'sent', 1
      from enquiries where email = 'ada@example.com';
    insert into outbox (kind, payload, subscriber_id) select 'welcome', '{"to":"reader1@example.com"}', id from subscribers where email = 'reader1@example.com';
    insert into users (username, password, email, session_version) values ('admin@example.com', '$argon2id$v=19$m=65536,t=3,p=4$abc$def', 'admin@example.com', 3);
    insert into articles (title, description, content, read_time, tags, slug, published_at)
      values ('First', 'One', '<p>Body</p>', '3 min', array['strategy','brand'], 'first-slug', '2026-02-01 10:00:00.5+00'),
             ('Second', 'Two', null, '5 min', '{}', 'second', '2026-02-02 10:00:00+00');
    update articles set slug = 'first-renamed' where slug = 'first-slug';
    update articles set slug = 'first-final' where slug = 'first-renamed';
    update services set title = 'Marketing Consulting, edited', updated_at = now() where sort_order = 0;
    insert into services (title, description, icon, features, sort_order) values ('New service', 'Added by an admin', 'star', array['a','b'], 9);
    insert into rate_limits (key, points, expire) values ('login:admin@example.com', 2, 9007199254740993);
  `).execute(db);
}

/** Every site table's rows, as text in a fixed order, and every sequence's state: the whole database. */
async function snapshot(db: Kysely<any>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of SITE_TABLE_NAMES) {
    const r = await sql<{ rows: string }>`
      select coalesce(jsonb_agg(to_jsonb(t) order by to_jsonb(t)::text), '[]')::text as rows from ${sql.table(table)} t`.execute(db);
    out[table] = r.rows[0]!.rows;
  }
  const seqs = await sql<{ name: string }>`select sequencename as name from pg_sequences where schemaname = current_schema() order by 1`.execute(db);
  for (const { name } of seqs.rows) {
    const r = await sql<{ state: string }>`select last_value || '/' || is_called as state from ${sql.table(name)}`.execute(db);
    out[`sequence ${name}`] = r.rows[0]!.state;
  }
  const triggers = await sql<{ state: string }>`
    select string_agg(tgname || '=' || tgenabled::text, ',' order by tgname) as state from pg_trigger where not tgisinternal`.execute(db);
  out.triggers = triggers.rows[0]!.state;
  return out;
}

const rowsOnly = (s: Record<string, string>) => Object.fromEntries(Object.entries(s).filter(([k]) => !k.startsWith('sequence ')));

let source: Scratch;
beforeAll(async () => {
  configureNeonProxy(wsProxy);
  source = await migratedDatabase('site_copy_from');
  await fillSource(source.db);
});
afterEach(async () => {
  for (const s of made.splice(0).filter((m) => m !== source)) {
    await s.db.destroy();
    await s.drop();
  }
});
afterAll(async () => {
  await source?.db.destroy();
  await source?.drop();
});

describe('copyDatabase', () => {
  it('copies every site table into a new migrated database row by row, former slugs as they were, and the ids go on past the copied ones', async () => {
    const target = await migratedDatabase('site_copy_to');
    const before = await snapshot(source.db);
    const result = await copyDatabase(source.db, target.db, { batchRows: 7 });

    expect(rowsOnly(await snapshot(target.db))).toEqual(rowsOnly(before));
    expect(await snapshot(source.db)).toEqual(before);
    expect(Object.fromEntries(result.rows.map((r) => [r.table, r.rows]))).toEqual({
      enquiries: 2,
      subscribers: 2500,
      outbox: 2,
      users: 1,
      articles: 2,
      article_former_slugs: 2,
      services: 8,
      packages: 4,
      team_members: 3,
      company_stats: 4,
      site_content: 8,
      seeded_tables: 5,
      rate_limits: 1,
    });
    // Parents first: an outbox row never arrives before its enquiry and subscriber.
    const order = result.rows.map((r) => r.table);
    expect(order.indexOf('outbox')).toBeGreaterThan(Math.max(order.indexOf('enquiries'), order.indexOf('subscribers')));
    expect(order.indexOf('article_former_slugs')).toBeGreaterThan(order.indexOf('articles'));
    const slugs = await sql<{ slug: string }>`select slug from article_former_slugs order by slug`.execute(target.db);
    expect(slugs.rows.map((r) => r.slug)).toEqual(['first-renamed', 'first-slug']);

    // The source gave ids 1 to 3 to enquiries (3 since deleted): the target's next one is 4.
    const next = await sql<{ id: number }>`
      insert into enquiries (first_name, last_name, email, company, phone, message) values ('N', 'Ext', 'n@example.com', 'C', '0', 'After the copy') returning id`.execute(target.db);
    expect(next.rows[0]!.id).toBe(4);
    const subscriber = await sql<{ id: number }>`insert into subscribers (email) values ('after@example.com') returning id`.execute(target.db);
    expect(subscriber.rows[0]!.id).toBe(2501);
    const service = await sql<{ id: number }>`insert into services (title, description, icon) values ('S', 'D', 'i') returning id`.execute(target.db);
    expect(service.rows[0]!.id).toBe(9);
    // The trigger is back on after the copy: a slug changed now is kept as a former slug.
    await sql`update articles set slug = 'second-renamed' where slug = 'second'`.execute(target.db);
    const kept = await sql<{ n: number }>`select count(*)::int as n from article_former_slugs where slug = 'second'`.execute(target.db);
    expect(kept.rows[0]!.n).toBe(1);
  });

  it("fires none of the target's triggers on the copied rows, and turns them back on after", async () => {
    const target = await migratedDatabase('site_copy_to');
    // A trigger of the target's own that would change every copied article (no column differs).
    await sql.raw(`
      create function mark_copied() returns trigger language plpgsql as $$ begin new.title := new.title || ' (copied)'; return new; end $$;
      create trigger articles_mark_copied before insert on articles for each row execute function mark_copied();
    `).execute(target.db);
    await copyDatabase(source.db, target.db);
    const copied = await snapshot(target.db);
    const original = await snapshot(source.db);
    expect(copied.articles).toBe(original.articles);
    expect(copied.article_former_slugs).toBe(original.article_former_slugs);
    expect(copied.triggers).toBe(
      'articles_count_deleted_by_category=O,articles_count_inserted_by_category=O,articles_count_truncated_by_category=O,' +
        'articles_count_updated_by_category=O,articles_keep_former_slug=O,articles_mark_copied=O',
    );
  });

  it("rebuilds the categories' counts from the copied articles, never copies them, and keeps them after", async () => {
    const target = await migratedDatabase('site_copy_to');
    // Counts in the source that its articles do not give: a copy of the table would carry them over.
    await sql`update article_category_counts set published = published + 5`.execute(source.db);
    try {
      const result = await copyDatabase(source.db, target.db);
      expect(result.rows.map((r) => r.table)).not.toContain('article_category_counts');
    } finally {
      await sql`update article_category_counts set published = published - 5`.execute(source.db);
    }
    const counts = async () => (await sql<{ category: string; published: number }>`select category, published from article_category_counts order by category`.execute(target.db)).rows;
    expect(await counts()).toEqual([{ category: 'Thought Leadership', published: 2 }]);
    await sql`update articles set category = 'Industry Trends & Insights' where slug = 'second'`.execute(target.db);
    expect(await counts()).toEqual([
      { category: 'Industry Trends & Insights', published: 1 },
      { category: 'Thought Leadership', published: 1 },
    ]);
  });

  it('refuses databases whose site tables differ, naming every difference and the side to bring up to date', async () => {
    const target = await migratedDatabase('site_copy_to');
    await sql`alter table subscribers drop column signup_key`.execute(target.db);
    await sql`alter table enquiries add column referrer text`.execute(target.db);
    const before = await snapshot(target.db);
    const refusal = await copyDatabase(source.db, target.db).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(CopyRefused);
    expect((refusal as Error).message).toBe(
      [
        'The two databases do not have the same site tables (2 differences):',
        '  - column enquiries.referrer (text) is in the target but not in the source',
        '  - column subscribers.signup_key (uuid) is in the source but not in the target',
        'Bring the target up to date first: for a Netlify Database, deploy the site to it (the deploy applies netlify/database/migrations); ' +
          'for any other database, run `npm run db:migrate` with DATABASE_URL set to it. Then copy again.',
        'The source is behind the target: run `npm run db:migrate` with DATABASE_URL set to the source (it is migrated by this project), then copy again.',
      ].join('\n'),
    );
    expect(await snapshot(target.db)).toEqual(before);
  });

  it('refuses a target holding what someone wrote, seeded catalogue aside, then replaces it with --replace', async () => {
    const target = await migratedDatabase('site_copy_to');
    await sql`insert into subscribers (email) values ('early@example.com')`.execute(target.db);
    await sql`update services set description = 'Edited on the new site', updated_at = now() where sort_order = 2`.execute(target.db);
    await sql`insert into rate_limits (key, points) values ('login:x', 1)`.execute(target.db);
    const before = await snapshot(target.db);

    const refusal = await copyDatabase(source.db, target.db).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(CopyRefused);
    expect((refusal as Error).message).toBe(
      [
        'The target already holds what visitors or admins wrote:',
        '  - subscribers: 1 row',
        '  - services: 1 row added or changed since the seed',
        "A copy replaces every site table of the target with the source's rows, so these would be lost. " +
          "Its catalogue's seeded rows alone would not stop the copy: a new Netlify Database has them. " +
          'If these rows are test data, or written by the site since it moved to this database and not wanted, run the copy again with --replace.',
      ].join('\n'),
    );
    expect(await snapshot(target.db)).toEqual(before);

    await copyDatabase(source.db, target.db, { replace: true });
    expect(rowsOnly(await snapshot(target.db))).toEqual(rowsOnly(await snapshot(source.db)));
  });

  it('leaves the target exactly as it was when its connection is cut in the middle of the copy', async () => {
    const target = await migratedDatabase('site_copy_to');
    const before = await snapshot(target.db);
    const admin = createDb(server, wsProxy).db;
    try {
      const cut = copyDatabase(source.db, target.db, {
        batchRows: 100,
        onProgress: async (table, rows) => {
          if (table !== 'subscribers' || rows !== 1000) return;
          await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${target.name} and pid <> pg_backend_pid()`.execute(admin);
        },
      });
      // The copy fails as the lost connection, however the driver words it (the socket closing, or
      // the server's 57P01 arriving first on a slow machine), and as nothing else.
      const failure = await cut.then(() => undefined, (err: unknown) => err);
      expect(isDatabaseUnavailable(failure)).toBe(true);
    } finally {
      await admin.destroy();
    }
    expect(await snapshot(target.db)).toEqual(before);
  });

  it('leaves the target exactly as it was when it refuses a row late in the copy', async () => {
    const target = await migratedDatabase('site_copy_to');
    // A rule only the target has (no column differs): the source's rate_limits row breaks it.
    await sql`alter table rate_limits add constraint points_below_two check (points < 2)`.execute(target.db);
    const before = await snapshot(target.db);
    await expect(copyDatabase(source.db, target.db)).rejects.toThrow(/points_below_two/);
    expect(await snapshot(target.db)).toEqual(before);
  });

  it('reports a copy the target committed as done, though the source is lost before its read-only transaction ends', async () => {
    const target = await migratedDatabase('site_copy_to');
    const admin = createDb(server, wsProxy).db;
    // The target's own pool behind a driver that, once the target's COMMIT is answered, has the
    // server end every session of the source: the moment between the two databases' ends.
    const { pool } = createDb(target.databaseUrl, wsProxy);
    const endSourceOnCommit = new (class extends PostgresDialect {
      override createDriver() {
        const driver = super.createDriver();
        const commit = driver.commitTransaction.bind(driver);
        driver.commitTransaction = async (connection) => {
          await commit(connection);
          await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${source.name} and pid <> pg_backend_pid()`.execute(admin);
        };
        return driver;
      }
    })({ pool: pool as never });
    const committing = new Kysely<any>({ dialect: endSourceOnCommit, plugins: [new CamelCasePlugin()] });
    try {
      const result = await copyDatabase(source.db, committing);
      expect(result.rows.find((r) => r.table === 'subscribers')).toEqual({ table: 'subscribers', rows: 2500 });
    } finally {
      await committing.destroy();
      await admin.destroy();
    }
    expect(rowsOnly(await snapshot(target.db))).toEqual(rowsOnly(await snapshot(source.db)));
  });
});

describe('npm run db:copy (the command)', () => {
  const withPassword = (url: string) => {
    const u = new URL(url);
    u.password = 'copy-secret-pw'; // the test server trusts every local connection: any password passes
    return u.toString();
  };
  const command = (args: string[]) =>
    run(process.execPath, ['scripts/db-copy.mjs', ...args], { env: { ...process.env, DATABASE_WS_PROXY: '' }, cwd: process.cwd() }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
    );

  it('copies through its own bridge, prints the rows per table and never a password; refuses a second copy into the same target', async () => {
    const target = await migratedDatabase('site_copy_to');
    const args = ['--from', withPassword(source.databaseUrl), '--to', withPassword(target.databaseUrl)];

    const first = await command(args);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`db:copy: from postgres@127.0.0.1:5432/${source.name} to postgres@127.0.0.1:5432/${target.name}.`);
    expect(first.stdout).toMatch(/^ {2}subscribers +2500 rows$/m);
    expect(first.stdout).toMatch(/^ {2}users +1 row$/m);
    expect(first.stdout).toContain('Copied 2542 rows in 13 tables, in one transaction.');
    expect(rowsOnly(await snapshot(target.db))).toEqual(rowsOnly(await snapshot(source.db)));

    const second = await command(args);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/^db:copy refused: The target already holds what visitors or admins wrote:\n {2}- enquiries: 2 rows\n/);
    expect(first.stdout + first.stderr + second.stdout + second.stderr).not.toContain('copy-secret-pw');

    const usage = await command(['--from', source.databaseUrl]);
    expect(usage.code).toBe(2);
    expect(usage.stdout).toMatch(/^Usage:\n {2}npm run db:copy -- --from postgres:\/\/\.\.\. --to postgres:\/\/\.\.\. \[--replace\]/);
  });
});
