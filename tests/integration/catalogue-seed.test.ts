/**
 * The catalogue seed on a Netlify Database: Netlify applies netlify/database/migrations itself
 * (each file once, in name order, in a transaction, recorded by name in netlify.migrations) and
 * runs none of the project's code against the database, so a first deploy holds the catalogue
 * only if the migrations put it there. Netlify's own applier (@netlify/database-dev, the one its
 * CLI runs locally) applies the files here, on a database of this file's own, emptied between
 * one way of preparing it and the next (the project's migrator, the TS seed), whose results are compared.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations, resetDatabase, type SQLExecutor } from '@netlify/database-dev';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../scripts/lib/prepare-database.mjs';
import { packages } from '../../src/content/packages.ts';
import { seedServices } from '../../src/content/services.ts';
import { createDb } from '../../src/server/db/client.ts';
import { sqlLiteral } from '../../src/server/db/catalogue-seed.ts';
import { MIGRATIONS_DIR, migrateToLatest, readMigrations } from '../../src/server/db/migrate.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { seedIfEmpty } from '../../src/server/db/seed.ts';
import { useOwnDatabase } from '../support/own-database.ts';

let own: Awaited<ReturnType<typeof useOwnDatabase>>;
let db: Kysely<Database>;

beforeAll(async () => {
  own = await useOwnDatabase({ migrated: false });
  db = createDb(own.databaseUrl, process.env.DATABASE_WS_PROXY).db;
});
afterAll(async () => {
  await db?.destroy();
  await own?.stop();
});

/** What `npm start`, and `npm run db:migrate` on an own Neon, do; `migrate: false` is its seed-only run on a Netlify Database. */
const prepare = (migrate = true) => prepareDatabase({ databaseUrl: own.databaseUrl, wsProxy: process.env.DATABASE_WS_PROXY, migrate, log: () => {} });

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
const netlifyDeploy = (db: Kysely<any>, target?: string) => applyMigrations(executor(db), MIGRATIONS_DIR, target);

/** A fresh database: no table, no record of any migration, Netlify's or the project's. */
const emptied = async (db: Kysely<any>) => {
  await resetDatabase(executor(db));
  await sql`drop schema if exists netlify cascade`.execute(db);
};

const seedMigration = async () => (await readMigrations()).find((m) => m.name.endsWith('_catalogue_seed'));

/** Every migration but the catalogue seed: the database the TS seed alone fills. */
async function migrationsWithoutSeed(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  for (const m of await readMigrations()) {
    if (!m.name.endsWith('_catalogue_seed')) await fs.writeFile(path.join(dir, `${m.name}.sql`), m.sql);
  }
  return dir;
}

/** What visitors and the admin panel read of the catalogue, every column but the time of writing. */
async function catalogue(db: Kysely<Database>) {
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

const count = async (db: Kysely<Database>, table: 'services' | 'packages') =>
  Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

const ALL_RECORDED = ['company_stats', 'packages', 'services', 'site_content', 'team_members'];

describe('the catalogue on a database only Netlify has migrated', () => {
  it('is the one the TS seed writes from src/content, and the one `npm start` and an own Neon end with', async () => {
    await emptied(db);
    await netlifyDeploy(db);
    const deployed = await catalogue(db);
    expect(deployed.services.map((s) => s.title)).toEqual(seedServices.map((s) => s.title));
    expect(deployed.packages.map((p) => p.name)).toEqual(packages.map((p) => p.name));
    expect(deployed.seededTables).toEqual(ALL_RECORDED);

    // The TS seed alone, from the content, on the schema without the seed migration.
    await emptied(db);
    await migrateToLatest(db, await migrationsWithoutSeed());
    await seedIfEmpty(db);
    expect(deployed).toEqual(await catalogue(db));

    // `npm start`, `npm run db:migrate` on an own Neon: the project's migrator, then the seed.
    await emptied(db);
    await prepare();
    expect(await catalogue(db)).toEqual(deployed);
  });

  it('fills a site deployed before the seed migration whose tables nobody seeded, at its next deploy', async () => {
    const seed = (await seedMigration())!;
    const before = (await readMigrations()).map((m) => m.name).filter((name) => name < seed.name).at(-1)!;
    await emptied(db);
    await netlifyDeploy(db, before);
    expect(await count(db, 'services')).toBe(0);
    expect(await netlifyDeploy(db)).toContain(seed.name);
    expect(await count(db, 'services')).toBe(seedServices.length);
  });
});

describe('a table the admin emptied', () => {
  it('stays empty on a Netlify Database: at the next deploy, the seed-only db:migrate, and the seed file run again', async () => {
    await emptied(db);
    await netlifyDeploy(db);
    await db.deleteFrom('services').execute();

    expect(await netlifyDeploy(db)).toEqual([]);
    await prepare(false);
    await sql.raw((await seedMigration())!.sql).execute(db);
    expect(await count(db, 'services')).toBe(0);
    expect(await count(db, 'packages')).toBe(packages.length);
  });

  it('stays empty on a site seeded before the seed migration existed, by hand (Netlify) or at its deploys (own Neon)', async () => {
    const seed = (await seedMigration())!;
    const before = (await readMigrations()).map((m) => m.name).filter((name) => name < seed.name).at(-1)!;
    // Netlify Database, filled by `NETLIFY_DB_URL=... npm run db:migrate` as the README once said.
    await emptied(db);
    await netlifyDeploy(db, before);
    await prepare(false);
    await db.deleteFrom('services').execute();
    expect(await netlifyDeploy(db)).toContain(seed.name);
    expect(await count(db, 'services')).toBe(0);

    // An own Neon, migrated and seeded by every build before.
    await emptied(db);
    await migrateToLatest(db, await migrationsWithoutSeed());
    await seedIfEmpty(db);
    await db.deleteFrom('services').execute();
    await prepare();
    expect(await count(db, 'services')).toBe(0);
    expect(await count(db, 'packages')).toBe(packages.length);
  });
});

describe('the seed file\'s literals', () => {
  it('reach the database as the content wrote them', async () => {
    const texts = ["O'Brien's", 'back\\slash \\n', 'From $1,500 $$ $x$', 'line\nbreak', '3–4 weeks 🚀', "''"];
    const { rows } = await sql<{ t: string[]; a: string[] }>`select ${sql.raw(sqlLiteral(texts))} as a, array[${sql.raw(texts.map(sqlLiteral).join(', '))}] as t`.execute(db);
    expect(rows).toEqual([{ a: texts, t: texts }]);
  });
});
