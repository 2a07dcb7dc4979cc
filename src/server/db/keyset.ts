/**
 * Reading a whole list in batches along its newest-first order, (time desc, id desc), each batch
 * one short indexed statement that starts after the last row of the one before (a keyset, never
 * an OFFSET that rescans what came before). The CSV exports read this way, so an export of any
 * size holds at most one batch in memory and no statement outlives the database's time limit.
 *
 * The cursor's time travels as Postgres's own text for the column: a JavaScript Date keeps
 * milliseconds and would skip or repeat rows whose times differ in the microseconds.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** Rows a batch reads: enough to keep the statements few, few enough to stream as they come. */
export const EXPORT_BATCH_SIZE = 500;

export interface KeysetCursor {
  /** The time column's value as Postgres writes it (timestamptz text, microseconds kept). */
  at: string;
  id: number;
}

/** The time column as cursor text, to select beside a batch's rows as `cursorAt`. */
export function cursorText(timeColumn: string): RawBuilder<string> {
  return sql<string>`${sql.ref(timeColumn)}::text`;
}

/** The rows after `cursor` in (time desc, id desc) order: one row comparison an index answers. */
export function after(timeColumn: string, idColumn: string, cursor: KeysetCursor): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(timeColumn)}, ${sql.ref(idColumn)}) < (${cursor.at}::timestamptz, ${cursor.id})`;
}

/**
 * The batches `read` answers, each asked with the cursor of the last row before it, until one
 * comes back short, every row passed through `toRecord`. `read` must order by (time desc, id desc)
 * and apply `after` to its cursor.
 */
export async function* keysetBatches<Row extends { id: number; cursorAt: string }, Item>(
  read: (cursor: KeysetCursor | undefined, limit: number) => Promise<Row[]>,
  toRecord: (row: NoInfer<Row>) => Item,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<Item[]> {
  let cursor: KeysetCursor | undefined;
  for (;;) {
    const rows = await read(cursor, batchSize);
    if (rows.length > 0) yield rows.map(toRecord);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.cursorAt, id: last.id };
  }
}
