import { promises as fs } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely/migration';

const MIGRATIONS_DIR = path.resolve(import.meta.dirname ?? '.', '../../../db/migrations');

/** Reads db/migrations/*.ts in name order; the dated names make that the order they were written. */
class MigrationFolder implements MigrationProvider {
  readonly #dir: string;
  constructor(dir: string) {
    this.#dir = dir;
  }
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await fs.readdir(this.#dir)).filter((f) => /\.(ts|js|mjs)$/.test(f) && !f.endsWith('.d.ts')).sort();
    const out: Record<string, Migration> = {};
    for (const file of files) {
      out[file.replace(/\.(ts|js|mjs)$/, '')] = (await import(pathToFileURL(path.join(this.#dir, file)).href)) as Migration;
    }
    return out;
  }
}

/** Applies every pending migration; throws with the failing migration's name on error. */
export async function migrateToLatest(db: Kysely<any>, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new MigrationFolder(dir) });
  const { error, results }: MigrationResultSet = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const msg = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${msg}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
