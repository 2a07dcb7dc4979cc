import { describe, expect, it } from 'vitest';
import { schemaDifferences, schemaRefusal, type ColumnShape } from './copy-database.ts';
import { SITE_TABLE_NAMES } from './site-tables.ts';

const column = (table: string, name: string, type = 'text', more: Partial<ColumnShape> = {}): ColumnShape => ({
  table,
  name,
  type,
  nullable: true,
  generated: false,
  identity: undefined,
  ...more,
});
// Every site table with an id column: the same schema on both sides unless a test changes it.
const schema = (): ColumnShape[] => SITE_TABLE_NAMES.map((t) => column(t, 'id', 'integer', { nullable: false }));

describe('schemaDifferences', () => {
  it('finds none between the same site tables', () => {
    expect(schemaDifferences(schema(), schema())).toEqual([]);
  });

  it('names each missing table and column, and each column that differs, with the side that lacks it', () => {
    const source = [...schema().filter((c) => c.table !== 'outbox'), column('enquiries', 'submission_id', 'uuid'), column('articles', 'tags', 'ARRAY (_text)')];
    const target = [...schema(), column('articles', 'tags', 'text'), column('users', 'note')];
    expect(schemaDifferences(source, target)).toEqual([
      { behind: 'target', text: 'column enquiries.submission_id (uuid) is in the source but not in the target' },
      { behind: 'source', text: 'table outbox is in the target but not in the source' },
      { behind: 'source', text: 'column users.note (text) is in the target but not in the source' },
      { behind: 'target', text: 'column articles.tags is ARRAY (_text) in the source but text in the target' },
    ]);
  });

  it('tells the nullability, generation and identity of a column apart', () => {
    const source = [...schema(), column('services', 'slug', 'text', { generated: true })];
    const target = [...schema(), column('services', 'slug', 'text', { nullable: false })];
    expect(schemaDifferences(source, target)).toEqual([
      { behind: 'target', text: 'column services.slug is text, generated in the source but text not null in the target' },
    ]);
  });

  it('refuses with every difference, then what to do about the side behind', () => {
    const target = schema().filter((c) => c.table !== 'article_former_slugs');
    expect(schemaRefusal(schemaDifferences(schema(), target))).toBe(
      [
        'The two databases do not have the same site tables (1 difference):',
        '  - table article_former_slugs is in the source but not in the target',
        'Bring the target up to date first: for a Netlify Database, deploy the site to it (the deploy applies netlify/database/migrations); ' +
          'for any other database, run `npm run db:migrate` with DATABASE_URL set to it. Then copy again.',
      ].join('\n'),
    );
  });
});
