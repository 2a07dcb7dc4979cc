import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_SEED_MIGRATION, catalogueSeed, catalogueSeedSql, sqlLiteral } from './catalogue-seed.ts';
import { MIGRATIONS_DIR } from './migrate.ts';

describe('the catalogue seed migration', () => {
  it('is the SQL src/content gives today (else: npm run db:catalogue-seed)', async () => {
    const checkedIn = await fs.readFile(path.join(MIGRATIONS_DIR, `${CATALOGUE_SEED_MIGRATION}.sql`), 'utf8');
    expect(checkedIn, 'The catalogue seed migration and src/content disagree: run `npm run db:catalogue-seed` and commit the file.').toBe(
      catalogueSeedSql(),
    );
  });

  it('names every column of a table in one order, and refuses rows that differ', () => {
    const seed = catalogueSeed();
    expect(() => catalogueSeedSql({ ...seed, companyStats: [{ label: 'a', value: '1', sortOrder: 0 }, { value: '2', label: 'b', sortOrder: 1 }] })).toThrow(
      'Every company_stats seed row must give the same columns, in one order',
    );
  });

  it('writes values as literals no content can break out of', () => {
    expect(sqlLiteral("O'Brien's \\ $1 $$")).toBe("'O''Brien''s \\ $1 $$'");
    expect(sqlLiteral(['a', "b'c"])).toBe("array['a', 'b''c']::text[]");
    expect(sqlLiteral([])).toBe("'{}'::text[]");
    expect(sqlLiteral(null)).toBe('null');
    expect(sqlLiteral(false)).toBe('false');
    expect(sqlLiteral(7)).toBe('7');
    expect(() => sqlLiteral('a\0b')).toThrow('U+0000');
    expect(() => sqlLiteral(1.5)).toThrow('Only whole numbers');
  });
});
