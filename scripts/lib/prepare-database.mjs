// Migrations, seed and (optionally) the first admin: what every start and every deploy runs
// before the site answers a request.
import { createDb } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { seedIfEmpty } from '../../src/server/db/seed.ts';
import { countUsers, createAdmin } from '../../src/server/repositories/users.ts';

/**
 * @param {{ databaseUrl: string, wsProxy?: string, adminEmail?: string, adminPassword?: string, migrate?: boolean, log?: (m: string) => void }} o
 */
export async function prepareDatabase({ databaseUrl, wsProxy, adminEmail, adminPassword, migrate = true, log = console.log }) {
  const { db } = createDb(databaseUrl, wsProxy);
  try {
    // migrate: false for a database whose migrations someone else applies (Netlify Database).
    const applied = migrate ? await migrateToLatest(db) : [];
    if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
    const seeded = await seedIfEmpty(db);
    if (seeded.length) log(`Seeded: ${seeded.join(', ')}`);
    if (adminEmail && adminPassword && (await countUsers(db)) === 0) {
      await createAdmin(db, adminEmail, adminPassword);
      log(`Created the first admin: ${adminEmail}`);
    }
  } finally {
    await db.destroy();
  }
}
