import { promises as fs } from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';

/**
 * The one migrations folder. Netlify Database applies these files itself at deploy (a branch per
 * deploy preview); this migrator applies the same files everywhere else: the embedded database,
 * the test databases and an own Neon project's production database.
 */
export const MIGRATIONS_DIR = path.resolve(import.meta.dirname ?? '.', '../../../netlify/database/migrations');

// Netlify's naming rule: <number>_<slug>, as a file `<name>.sql` or a folder `<name>/migration.sql`,
// the slug in lower case (@netlify/build's MIGRATION_FILE_PATTERN). Its build skips, without a
// word, a file or folder the rule refuses, so such a name is an error here rather than a migration
// applied locally and never on Netlify.
const NAME = /^(\d+)_([a-z0-9_-]+)$/;
const MEANT_AS_MIGRATION = /^\d+_/;

export interface MigrationFile {
  name: string;
  /** The file Netlify applies: `<name>.sql`, or `<name>/migration.sql` for a folder. */
  file: string;
  sql: string;
}

/**
 * Every migration in the folder, ordered by its number. Netlify applies them in the order of their
 * names, so the numbers must sort the same way as text (one width: 0013, not 13 after 0012).
 */
export async function readMigrations(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const found: Array<MigrationFile & { order: bigint }> = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (entry.isFile() && !entry.name.endsWith('.sql')) continue;
    const name = entry.isDirectory() ? entry.name : entry.name.replace(/\.sql$/, '');
    const match = NAME.exec(name);
    if (!match) {
      if (entry.isDirectory() && !MEANT_AS_MIGRATION.test(name)) continue;
      throw new Error(`Migration "${entry.name}" is not named <number>_<slug> with a lower-case slug: Netlify would skip it. Rename it.`);
    }
    const file = entry.isDirectory() ? path.join(dir, entry.name, 'migration.sql') : path.join(dir, entry.name);
    // Netlify's build refuses the deploy of a folder without its file: so does this, by name.
    const text = await fs.readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') throw new Error(`Migration folder "${entry.name}" has no migration.sql: Netlify refuses the deploy. Add it, or remove the folder.`);
      throw err;
    });
    found.push({ name, file, order: BigInt(match[1]!), sql: text });
  }
  found.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : a.name.localeCompare(b.name)));
  const orders = new Set<bigint>();
  for (const [i, m] of found.entries()) {
    if (orders.has(m.order)) throw new Error(`Two migrations share the number ${m.order}: rename one.`);
    orders.add(m.order);
    const before = found[i - 1];
    if (before && !(before.name < m.name)) {
      throw new Error(`Migration ${m.name} follows ${before.name} by number but not by name, Netlify's order: give its number the same width.`);
    }
  }
  return found.map(({ name, file, sql: text }) => ({ name, file, sql: text }));
}

/** This migrator's record of the migrations it applied (Netlify Database keeps one of its own). */
export const MIGRATIONS_TABLE = 'schema_migrations';

// Any constant: two migrators that start together (two deploys, two tests) take turns.
const LOCK_KEY = 7_406_221_509;

/**
 * Applies every pending migration, each in its own transaction together with its bookkeeping row,
 * so a failing file leaves the database as it was before that file. Returns the names applied.
 *
 * Everything runs inside transactions, each taking the migrators' lock for itself alone
 * (pg_advisory_xact_lock, released at its commit or rollback) and reading what is applied under
 * it: an own Neon's DATABASE_URL is the pooled endpoint, a transaction-mode pooler that may run a
 * client's every transaction on another server session, so a session-level lock could be taken on
 * one and "released" on another, staying held for the next deploy's migrator to wait on.
 */
export async function migrateToLatest(db: Kysely<any>, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await readMigrations(dir);
  const lock = (tx: Kysely<any>) => sql`select pg_advisory_xact_lock(${LOCK_KEY})`.execute(tx);
  await db.transaction().execute(async (tx) => {
    await lock(tx);
    await sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`.execute(tx);
  });
  const recorded = new Set((await sql<{ name: string }>`select name from schema_migrations`.execute(db)).rows.map((r) => r.name));
  const applied: string[] = [];
  for (const m of migrations) {
    if (recorded.has(m.name)) continue;
    try {
      const ran = await db.transaction().execute(async (tx) => {
        await lock(tx);
        // Another migrator may have applied it while this one waited for the lock.
        const done = await sql`select 1 from schema_migrations where name = ${m.name}`.execute(tx);
        if (done.rows.length > 0) return false;
        // A statement without parameters goes by the simple query protocol, which runs a file
        // of several statements as one.
        await sql.raw(m.sql).execute(tx);
        await sql`insert into schema_migrations (name) values (${m.name})`.execute(tx);
        return true;
      });
      if (ran) applied.push(m.name);
    } catch (err) {
      throw new Error(`Migration ${m.name} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return applied;
}
