import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { getDb } from './client.ts';
import { MIGRATIONS_TABLE } from './migrate.ts';
import { SITE_TABLE_NAMES } from './site-tables.ts';

describe('SITE_TABLES: the tables the migrations create', () => {
  it('names every table of a freshly migrated database but the migrator\'s own record, and nothing else', async () => {
    const rows = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(getDb());
    expect(rows.rows.map((r) => r.name)).toEqual([...SITE_TABLE_NAMES, MIGRATIONS_TABLE].sort());
  });

  it('are lowercase identifiers, which db:copy may name unquoted', () => {
    expect(SITE_TABLE_NAMES.filter((name) => !/^[a-z_][a-z0-9_]*$/.test(name))).toEqual([]);
  });
});
