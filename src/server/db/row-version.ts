import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable, type SqlBool, type Updateable } from 'kysely';
import { holdsSent } from './create-once.ts';
import type { Database, EditedTable } from './schema.ts';

/**
 * Whether a row is still the version an API answer showed: its updated_at equals `openedAt` (that
 * answer's `updatedAt`, ISO 8601 to the millisecond). The column keeps microseconds (a row
 * inserted at the database's now()), the answer milliseconds only, so the column is compared cut
 * to them.
 */
const stillAt = (openedAt: string): RawBuilder<SqlBool> => sql<SqlBool>`date_trunc('milliseconds', updated_at) = ${new Date(openedAt)}::timestamptz`;

/** What became of an edit. */
export type Edit<T> =
  /** Stored now; or this very edit sent again after its answer was lost: the row as stored. */
  | { outcome: 'updated'; item: T }
  /** Saved since the edit was opened, with other content: nothing written. */
  | { outcome: 'saved-since' }
  /** No row has that id. */
  | { outcome: 'missing' };

/**
 * Replaces the row `id` of `table` with `values`, unless, with `openedAt` (the `updatedAt` its edit
 * was opened at), it has been saved since with other content: two admins editing one row, the
 * later save would drop the earlier one's change unseen. A row saved since that holds `sent` is
 * this very edit sent again after its answer was lost: answered with the row as stored, nothing
 * written, rather than refused as someone else's save.
 */
export async function updateUnlessSavedSince<Table extends EditedTable, T>(
  db: Kysely<Database>,
  table: Table,
  id: number,
  values: Updateable<Database[Table]>,
  openedAt: string | undefined,
  sent: Partial<Insertable<Database[Table]>>,
  toItem: (row: Selectable<Database[Table]>) => T,
): Promise<Edit<T>> {
  // Built untyped and typed again at the edges, as createOnce's statement is (db/create-once.ts).
  const untyped = db as Kysely<any>;
  type Row = Selectable<Database[Table]>;
  let update = untyped
    .updateTable(table as EditedTable)
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', id);
  if (openedAt !== undefined) update = update.where(stillAt(openedAt));
  const updated = (await update.returningAll().executeTakeFirst()) as Row | undefined;
  if (updated) return { outcome: 'updated', item: toItem(updated) };
  if (openedAt === undefined) return { outcome: 'missing' };
  const stored = (await untyped.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
  if (!stored) return { outcome: 'missing' };
  return holdsSent(stored, sent) ? { outcome: 'updated', item: toItem(stored) } : { outcome: 'saved-since' };
}
