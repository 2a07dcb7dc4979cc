// Migrations and (optionally) the first admin: what every start and every deploy runs before the
// site answers a request. The catalogue's first rows come with the migrations (0021_catalogue_seed),
// so a database Netlify migrates holds the same catalogue as one migrated here.
import { createDb } from '../../src/server/db/client.ts';
import { isDatabaseUnavailable } from '../../src/server/db/errors.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { PasswordRejected } from '../../src/server/auth/password-policy.ts';
import { countUsers, createAdmin } from '../../src/server/repositories/users.ts';
import { noDatabaseAnswers, startDatabase } from './database-env.mjs';

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
      try {
        await createAdmin(db, adminUsername, adminPassword);
      } catch (err) {
        // The first admin's password is ADMIN_PASSWORD: a refusal names it, as a setting a
        // start-up refuses is named, before the rule's own words (the dialog's and the command's).
        throw err instanceof PasswordRejected ? new PasswordRejected(`ADMIN_PASSWORD: ${err.message}`) : err;
      }
      log(`Created the first admin: ${adminUsername}`);
    }
  } catch (err) {
    // 'Connection terminated unexpectedly' alone does not say which connection (a pooler or port
    // forward accepts, with no database behind it): said as a server not running is. A server that
    // answered (too many clients, starting up, a statement timeout or deadlock) is running, and its
    // own words say what to do.
    if (isDatabaseUnavailable(err) && !answeredByServer(err)) throw new Error(noDatabaseAnswers(hostOf(databaseUrl), err instanceof Error ? err.message : String(err)), { cause: err });
    throw err;
  } finally {
    await db.destroy();
  }
}

/**
 * Whether PostgreSQL itself answered `err`: a SQLSTATE of its own, other than class 08 (a connection
 * exception the driver may report for a server that never answered).
 * @param {unknown} err
 */
const answeredByServer = (err) => {
  const code = /** @type {{ code?: unknown } | null} */ (err)?.code;
  return typeof code === 'string' && /^[0-9][0-9A-Z]{4}$/.test(code) && !code.startsWith('08');
};

/** The host and port of a connection string, never the password it may hold; none when it is no URL. */
function hostOf(databaseUrl) {
  try {
    return new URL(databaseUrl).host;
  } catch {
    return undefined;
  }
}

/**
 * A one-off command's work on the local database (the configured one, else the embedded one under
 * `dataDir`), prepared first as `npm run db:migrate` prepares it: a Netlify Database
 * (NETLIFY_DB_URL) is not migrated, since Netlify applies its migrations and keeps its own record
 * of them. Any failure, a database that cannot be started or reached included, is told by
 * `failed` in one line and sets the exit code; the database is closed either way.
 * @param {{ dataDir: string, failed: (err: unknown) => void }} o
 * @param {(db: import('kysely').Kysely<import('../../src/server/db/schema.ts').Database>) => Promise<void>} use
 */
export async function withCommandDatabase({ dataDir, failed }, use) {
  const database = await startDatabase({ dataDir }).catch((err) => {
    failed(err);
    process.exit(1);
  });
  const { db } = createDb(database.databaseUrl, database.wsProxy);
  try {
    await prepareDatabase({ databaseUrl: database.databaseUrl, wsProxy: database.wsProxy, migrate: !database.migratedByNetlify, log: () => {} });
    await use(db);
  } catch (err) {
    failed(err);
    process.exitCode = 1;
  } finally {
    await db.destroy();
    await database.stop();
  }
}
