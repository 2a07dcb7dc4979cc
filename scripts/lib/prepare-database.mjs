// Migrations and (optionally) the first admin: what every start and every deploy runs before the
// site answers a request. The catalogue's first rows come with the migrations (0021_catalogue_seed),
// so a database Netlify migrates holds the same catalogue as one migrated here.
import { createDb } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { countUsers, createAdmin } from '../../src/server/repositories/users.ts';

/**
 * @param {{ databaseUrl: string, wsProxy?: string, adminUsername?: string, adminPassword?: string, migrate?: boolean, log?: (m: string) => void }} o
 */
export async function prepareDatabase({ databaseUrl, wsProxy, adminUsername, adminPassword, migrate = true, log = console.log }) {
  const { db } = createDb(databaseUrl, wsProxy);
  try {
    // migrate: false for a database whose migrations someone else applies (Netlify Database).
    const applied = migrate ? await migrateToLatest(db) : [];
    if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
    if (adminUsername && adminPassword && (await countUsers(db)) === 0) {
      await createAdmin(db, adminUsername, adminPassword);
      log(`Created the first admin: ${adminUsername}`);
    }
  } finally {
    await db.destroy();
  }
}
