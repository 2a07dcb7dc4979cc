/**
 * The catalogue's first rows come with the migrations (0021_catalogue_seed) and nothing else seeds
 * them: Netlify applies netlify/database/migrations itself (each file once, in name order, in a
 * transaction, recorded in netlify.migrations) and runs none of the project's code against a
 * Netlify Database; `npm start`, the tests and an own Neon's `npm run db:migrate` apply the same
 * files through the project's migrator. Both appliers run here, Netlify's own
 * (@netlify/database-dev, the one its CLI runs locally) and prepareDatabase's, on a database of
 * this file's own, emptied between one way of preparing it and the next.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations, resetDatabase, type SQLExecutor } from '@netlify/database-dev';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../scripts/lib/prepare-database.mjs';
import { createDb } from '../../src/server/db/client.ts';
import { MIGRATIONS_DIR, migrateToLatest, readMigrations } from '../../src/server/db/migrate.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { SEEDED_SERVICE_TITLES } from '../support/catalogue-seed.ts';
import { useOwnDatabase } from '../support/own-database.ts';

let own: Awaited<ReturnType<typeof useOwnDatabase>>;
let db: Kysely<Database>;
const folders: string[] = [];

beforeAll(async () => {
  own = await useOwnDatabase({ migrated: false });
  db = createDb(own.databaseUrl, process.env.DATABASE_WS_PROXY).db;
});
afterAll(async () => {
  await db?.destroy();
  await own?.stop();
  for (const dir of folders) await fs.rm(dir, { recursive: true, force: true });
});

const SEED = '0021_catalogue_seed';

/** What `npm start`, the tests' set-up and `npm run db:migrate` on an own Neon do: the project's migrator. */
const prepare = () => prepareDatabase({ databaseUrl: own.databaseUrl, wsProxy: process.env.DATABASE_WS_PROXY, log: () => {} });

/** Netlify's applier speaks to a database through exec/query/transaction; these go through Kysely. */
function executor(kysely: Kysely<any>): SQLExecutor {
  // Rows as the database names their columns: Netlify's applier reads schema_name.
  const db = kysely.withoutPlugins();
  const on = (conn: Kysely<any>) => ({
    // No parameters: the simple query protocol, which runs a file of several statements as one.
    exec: (text: string) => conn.executeQuery(CompiledQuery.raw(text, [])),
    query: async <T>(text: string, params: unknown[] = []) => ({ rows: (await conn.executeQuery(CompiledQuery.raw(text, params))).rows as T[] }),
  });
  return { ...on(db), transaction: (fn) => db.transaction().execute((tx) => fn(on(tx))) };
}

/** As a deploy does: every file in the folder (or up to `target`), the pending ones only. */
const netlifyDeploy = (target?: string) => applyMigrations(executor(db), MIGRATIONS_DIR, target);

/** A fresh database: no table, no record of any migration, Netlify's or the project's. */
const emptied = async () => {
  await resetDatabase(executor(db));
  await sql`drop schema if exists netlify cascade`.execute(db);
};

/** The project's migrator, up to and including `last`: a site as an older release left it. */
async function migrateUpTo(last: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  folders.push(dir);
  for (const m of await readMigrations()) {
    if (m.name <= last) await fs.writeFile(path.join(dir, `${m.name}.sql`), m.sql);
  }
  await migrateToLatest(db, dir);
}

/** The migration just before the seed: what a site deployed before it has applied. */
/** What a deploy applies to a site migrated to just before the seed: the seed and every migration after it. */
const fromSeed = async () => (await readMigrations()).map((m) => m.name).filter((name) => name >= SEED);
const beforeSeed = async () => (await readMigrations()).map((m) => m.name).filter((name) => name < SEED).at(-1)!;

/** What visitors and the admin panel read of the catalogue, every column but the time of writing. */
async function catalogue() {
  const rows = async (table: 'services' | 'packages' | 'teamMembers' | 'companyStats' | 'siteContent') =>
    (await db.selectFrom(table).selectAll().orderBy('id').execute()).map(({ updatedAt: _, ...row }) => row);
  return {
    services: await rows('services'),
    packages: await rows('packages'),
    teamMembers: await rows('teamMembers'),
    companyStats: await rows('companyStats'),
    siteContent: await rows('siteContent'),
    seededTables: (await db.selectFrom('seededTables').select('name').orderBy('name').execute()).map((r) => r.name),
  };
}

const services = async () => (await db.selectFrom('services').select('title').orderBy('id').execute()).map((r) => r.title);
const packages = async () => (await db.selectFrom('packages').select('name').orderBy('id').execute()).map((r) => r.name);

// What 0021 writes, a frozen file: these change only with a migration of their own.
const PACKAGES = ['Foundation', 'Activation', 'Momentum', 'Scale & Optimise'];
const ALL_RECORDED = ['company_stats', 'packages', 'services', 'site_content', 'team_members'];

describe('a new site', () => {
  it('on Netlify Database, which applies the SQL migrations alone, opens with the catalogue `npm start` and an own Neon get', async () => {
    await emptied();
    expect(await netlifyDeploy()).toContain(SEED);
    const deployed = await catalogue();
    expect(deployed.services.map((s) => s.title)).toEqual(SEEDED_SERVICE_TITLES);
    expect(deployed.services[0]).toMatchObject({
      description: 'Independent, senior advice on where to compete and how to win, turned into a practical plan with owners, budgets and measures.',
      icon: 'compass',
      features: ['Market and competitor analysis', 'Customer segmentation and insight', 'Go-to-market and growth strategy', 'Marketing plans, budgets and KPIs'],
      isActive: true,
      sortOrder: 0,
    });
    expect(deployed.packages.map((p) => [p.name, p.price, p.isPopular])).toEqual([
      ['Foundation', 'From $1,500 to $5,500', false],
      ['Activation', '$120/hour', true],
      ['Momentum', '$120/hour', false],
      ['Scale & Optimise', '$150/hour', false],
    ]);
    expect(deployed.teamMembers.map((m) => m.name)).toEqual(['Alexandra Reid', 'Marcus Chen', 'Priya Nair']);
    expect(deployed.companyStats.map((s) => [s.label, s.value])).toEqual([
      ['Years driving growth', '20+'],
      ['Industries served', '15+'],
      ['Specialist partners', '5'],
      ['Reply time', '24h'],
    ]);
    expect(deployed.siteContent.find((c) => c.section === 'home' && c.key === 'badge')?.value).toBe('20+ Years Driving Growth');
    expect(deployed.siteContent).toHaveLength(8);
    expect(deployed.seededTables).toEqual(ALL_RECORDED);

    await emptied();
    await prepare();
    expect(await catalogue()).toEqual(deployed);
  });
});

describe('a site migrated to the migration before the seed and never seeded', () => {
  it('is filled at its next deploy, by Netlify and by the project\'s migrator', async () => {
    const before = await beforeSeed();
    await emptied();
    await netlifyDeploy(before);
    expect(await services()).toEqual([]);
    expect(await netlifyDeploy()).toEqual(await fromSeed());
    expect(await services()).toEqual(SEEDED_SERVICE_TITLES);
    expect(await packages()).toEqual(PACKAGES);

    await emptied();
    await migrateUpTo(before);
    expect(await services()).toEqual([]);
    await prepare();
    expect(await services()).toEqual(SEEDED_SERVICE_TITLES);
    expect(await packages()).toEqual(PACKAGES);
  });
});

describe('a table the admin emptied', () => {
  it('stays empty when the migrations run again, and when the seed file itself runs again', async () => {
    await emptied();
    await netlifyDeploy();
    await db.deleteFrom('services').execute();
    expect(await netlifyDeploy()).toEqual([]);
    await sql.raw((await readMigrations()).find((m) => m.name === SEED)!.sql).execute(db);
    expect(await services()).toEqual([]);
    expect(await packages()).toEqual(PACKAGES);

    await emptied();
    await prepare();
    await db.deleteFrom('services').execute();
    await prepare();
    expect(await services()).toEqual([]);
    expect(await packages()).toEqual(PACKAGES);
  });
});

describe('a site seeded before the seed migration existed', () => {
  /** What the former seed at start-up (or by hand, on Netlify Database) left, then the admin's edits: no service, one package. */
  async function seededByTheFormerSeed() {
    await sql`insert into seeded_tables (name) values ('services'), ('packages'), ('team_members'), ('company_stats'), ('site_content')`.execute(db);
    await db.insertInto('packages').values({ name: 'Kept by the admin', price: '$1', period: 'p', description: 'd', features: [], buttonText: 'b', buttonVariant: 'primary', isPopular: false, sortOrder: 0 }).execute();
  }

  it('is left as it is: the seed adds nothing to a table seeded_tables lists, empty or not', async () => {
    const before = await beforeSeed();
    await emptied();
    await netlifyDeploy(before);
    await seededByTheFormerSeed();
    expect(await netlifyDeploy()).toEqual(await fromSeed());
    expect({ services: await services(), packages: await packages() }).toEqual({ services: [], packages: ['Kept by the admin'] });
    expect((await catalogue()).teamMembers).toEqual([]);

    await emptied();
    await migrateUpTo(before);
    await seededByTheFormerSeed();
    await prepare();
    expect({ services: await services(), packages: await packages() }).toEqual({ services: [], packages: ['Kept by the admin'] });
  });

  it('from before seeded_tables too: a table holding rows is kept, an empty one filled', async () => {
    const record = (await readMigrations()).map((m) => m.name).find((name) => name.endsWith('_catalogue_seeded_once'))!;
    const last = (await readMigrations()).map((m) => m.name).filter((name) => name < record).at(-1)!;
    await emptied();
    await migrateUpTo(last);
    await db.insertInto('services').values({ title: 'Kept by the admin', description: 'd', icon: 'target', features: [] }).execute();
    await prepare();
    expect(await services()).toEqual(['Kept by the admin']);
    expect(await packages()).toEqual(PACKAGES);
  });
});
