import { promises as fs } from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';

/**
 * The one migrations folder. Netlify Database applies these files itself at deploy (a branch per
 * deploy preview); this migrator applies the same files everywhere else: the embedded database,
 * the test databases and an own Neon project's production database.
 */
export const MIGRATIONS_DIR = path.resolve(import.meta.dirname ?? '.', '../../../netlify/database/migrations');

// Netlify's naming rule: <number>_<slug>, as a file `<name>.sql` or a folder `<name>/migration.sql`.
const NAME = /^(\d+)_([A-Za-z0-9_-]+)$/;

export interface MigrationFile {
  name: string;
  sql: string;
}

/** Every migration in the folder, ordered by its number (numerically, so 10 follows 9). */
export async function readMigrations(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const found: Array<MigrationFile & { order: bigint }> = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const name = entry.isDirectory() ? entry.name : entry.name.replace(/\.sql$/, '');
    const match = NAME.exec(name);
    if (!match || (entry.isFile() && !entry.name.endsWith('.sql'))) continue;
    const file = entry.isDirectory() ? path.join(dir, entry.name, 'migration.sql') : path.join(dir, entry.name);
    found.push({ name, order: BigInt(match[1]!), sql: await fs.readFile(file, 'utf8') });
  }
  found.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : a.name.localeCompare(b.name)));
  const orders = new Set<bigint>();
  for (const m of found) {
    if (orders.has(m.order)) throw new Error(`Two migrations share the number ${m.order}: rename one.`);
    orders.add(m.order);
  }
  return found.map(({ name, sql: text }) => ({ name, sql: text }));
}

// Any constant: two migrators that start together (two deploys, two tests) take turns.
const LOCK_KEY = 7_406_221_509;

/**
 * Applies every pending migration, each in its own transaction together with its bookkeeping row,
 * so a failing file leaves the database as it was before that file. Returns the names applied.
 */
export async function migrateToLatest(db: Kysely<any>, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await readMigrations(dir);
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${LOCK_KEY})`.execute(conn);
    try {
      await sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`.execute(conn);
      const done = new Set((await sql<{ name: string }>`select name from schema_migrations`.execute(conn)).rows.map((r) => r.name));
      const applied: string[] = [];
      for (const m of migrations) {
        if (done.has(m.name)) continue;
        try {
          await conn.transaction().execute(async (tx) => {
            // A statement without parameters goes by the simple query protocol, which runs a file
            // of several statements as one.
            await sql.raw(m.sql).execute(tx);
            await sql`insert into schema_migrations (name) values (${m.name})`.execute(tx);
          });
        } catch (err) {
          throw new Error(`Migration ${m.name} failed: ${err instanceof Error ? err.message : String(err)}`);
        }
        applied.push(m.name);
      }
      return applied;
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_KEY})`.execute(conn);
    }
  });
}
