/**
 * A create sent with a `submissionId` (the admin panel's create form: src/schemas/submission-id.ts)
 * stores one row however often it is sent: `createOnce` inserts with ON CONFLICT on the key's
 * unique index, and answers a send whose key is stored with what became of it.
 */
import { isDeepStrictEqual } from 'node:util';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, EditedTable } from './schema.ts';

/** What became of a create. */
export type Creation<T> =
  /** Stored now. */
  | { outcome: 'stored'; item: T }
  /** Its key was stored before with this very content (a retry whose answer was lost): that item, nothing written. */
  | { outcome: 'replayed'; item: T }
  /**
   * Its key was stored before with other content: nothing written. The item stored under the key,
   * as it now stands, goes back with the refusal: the form that sent both holds its typing over
   * that item, and goes on as its edit rather than being told to drop the typing and reopen it.
   */
  | { outcome: 'key-reused'; item: T };

/**
 * Whether the row stored under a key holds what a send of that key would store: each column of
 * `sent` equal to the stored one (arrays item by item, times to the millisecond, null as null).
 */
export const holdsSent = (stored: object, sent: object): boolean =>
  Object.entries(sent).every(([column, value]) => isDeepStrictEqual((stored as Record<string, unknown>)[column], value));

/**
 * What became of a keyed create, from its statement's rows (its insert, which does nothing when the
 * key is stored, united with a read of the row stored under the key, each row flagged `inserted`).
 * Neither inserted nor read means the key's row was committed while the statement ran (its insert
 * waited on the key, then did nothing; its snapshot was taken before): it is read again, there now.
 * A stored row holding what was `sent` is a retry, answered with it; other content misuses the key,
 * and is refused with it.
 */
async function creationOf<Row extends object, T>(
  rows: readonly (Row & { inserted: boolean })[],
  storedUnderKey: () => Promise<Row | undefined>,
  sent: object,
  toItem: (row: Row) => T,
): Promise<Creation<T>> {
  const inserted = rows.find((r) => r.inserted);
  if (inserted) return { outcome: 'stored', item: toItem(inserted) };
  const earlier = rows[0] ?? (await storedUnderKey());
  if (!earlier) throw new Error('the row was neither stored nor found under its key');
  return { outcome: holdsSent(earlier, sent) ? 'replayed' : 'key-reused', item: toItem(earlier) };
}

/**
 * Stores `row` in `table`, once per `submissionId`. One statement inserts it with ON CONFLICT DO
 * NOTHING on the key and reads the row stored under the key before it (the statement's snapshot
 * cannot see its own insert): a retry finds that row and writes nothing, and `creationOf` tells a
 * retry (the stored row holds `sent`) from a misuse of the key. Without a key the insert is all
 * there is.
 */
export async function createOnce<Table extends EditedTable, T>(
  db: Kysely<Database>,
  table: Table,
  row: Insertable<Database[Table]>,
  submissionId: string | undefined,
  sent: Partial<Insertable<Database[Table]>>,
  toItem: (row: Selectable<Database[Table]>) => T,
): Promise<Creation<T>> {
  // Kysely types a statement by a table named as a literal; over a table chosen by the caller it
  // cannot, so the statement is built untyped here and typed again at this function's edges.
  const untyped = db as Kysely<any>;
  type Row = Selectable<Database[Table]>;
  if (submissionId === undefined) {
    const stored = await untyped.insertInto(table).values(row).returningAll().executeTakeFirstOrThrow();
    return { outcome: 'stored', item: toItem(stored as Row) };
  }
  const storedUnderKey = untyped.selectFrom(table).selectAll().where('submissionId', '=', submissionId);
  const rows = await untyped
    .with('inserted', (db) =>
      db
        .insertInto(table)
        .values({ ...row, submissionId })
        .onConflict((oc) => oc.column('submissionId').where('submissionId', 'is not', null).doNothing())
        .returningAll(),
    )
    .selectFrom('inserted')
    .selectAll()
    .select(sql<boolean>`true`.as('inserted'))
    .unionAll(storedUnderKey.select(sql<boolean>`false`.as('inserted')))
    .execute();
  return creationOf(rows as (Row & { inserted: boolean })[], async () => (await storedUnderKey.executeTakeFirst()) as Row | undefined, sent, toItem);
}
