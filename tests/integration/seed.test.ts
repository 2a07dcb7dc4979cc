/**
 * The catalogue seed as every deploy runs it (`npm run db:migrate`, through prepareDatabase): it
 * fills a table from the site's copy (src/content) the first time only, so what an admin did since,
 * deleting every row included, is never undone by the next deploy. On a database of this file's
 * own: the test empties a table every other file reads.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../scripts/lib/prepare-database.mjs';
import { seedServices } from '../../src/content/services.ts';
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

const countServices = async () => Number((await connection.db.selectFrom('services').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const redeploy = () => prepareDatabase({ databaseUrl: own.databaseUrl, wsProxy: process.env.DATABASE_WS_PROXY, log: () => {} });

describe('the catalogue seed at each deploy', () => {
  it('fills the services once, and leaves them deleted, every one, at the next deploy', async () => {
    await redeploy();
    expect(await countServices()).toBe(seedServices.length);
    await connection.db.deleteFrom('services').execute();
    await redeploy();
    expect(await countServices()).toBe(0);
  });

  it('counts a table that held rows before the seed kept its record as filled, and fills one that never had any', async () => {
    // What a database migrated and seeded before the record existed holds: services, no packages.
    const record = (await readMigrations()).map((m) => m.name).find((name) => name.endsWith('_catalogue_seeded_once'))!;
    await sql`drop table if exists seeded_tables`.execute(connection.db);
    await sql`delete from schema_migrations where name = ${record}`.execute(connection.db);
    await connection.db.insertInto('services').values({ title: 'Kept by the admin', description: 'd', icon: 'target', features: [] }).execute();
    await connection.db.deleteFrom('packages').execute();
    expect(await migrateToLatest(connection.db)).toEqual([record]);
    await connection.db.deleteFrom('services').execute();
    await redeploy();
    expect(await countServices()).toBe(0);
    expect(Number((await connection.db.selectFrom('packages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBeGreaterThan(0);
  });
});
