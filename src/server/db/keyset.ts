/**
 * Reading a whole list in batches along its newest-first order, (time desc, id desc), each batch
 * one short indexed statement that starts after the last row of the one before (a keyset, never
 * an OFFSET that rescans what came before). The CSV exports read this way, so an export of any
 * size holds at most one batch in memory and no statement outlives the database's time limit.
 *
 * The cursor's time travels as Postgres's own text for the column: a JavaScript Date keeps
 * milliseconds and would skip or repeat rows whose times differ in the microseconds.
 */
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { ListOrder } from './page.ts';
import type { Database } from './schema.ts';

/** Rows a batch reads: enough to keep the statements few, few enough to stream as they come. */
export const EXPORT_BATCH_SIZE = 500;

export interface KeysetCursor {
  /** The time column's value as Postgres writes it (timestamptz text, microseconds kept). */
  at: string;
  id: number;
}

/** The list's time column as cursor text, to select beside a batch's rows as `cursorAt`. */
export function cursorText(order: ListOrder): RawBuilder<string> {
  return sql<string>`${sql.ref(order.time)}::text`;
}

/** The rows after `cursor` in the list's (time desc, id desc) order: one row comparison an index answers. */
export function after(order: ListOrder, cursor: KeysetCursor): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(order.time)}, ${sql.ref(order.id)}) < (${cursor.at}::timestamptz, ${cursor.id})`;
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

/** What an export will read: its rows, and their bytes as Postgres writes each whole row as text. */
export interface ExportExtent {
  rows: number;
  bytes: number;
}

/**
 * The extent of the rows `query` selects (an export's rows, before any cursor), in one statement
 * before the first batch is read. A whole row as text is a record, `(1,"Acme, Ltd",...)`: every
 * column, commas between, a value quoted when it holds a comma, a quote, a space or a line break,
 * its quotes doubled, times as 22 to 32 characters. Each CSV cell is one of those columns, so the
 * CSV can be bounded from this (src/server/http/csv.ts) without reading it twice.
 */
export async function exportExtent<DB, TB extends keyof DB, O>(db: Kysely<Database>, query: SelectQueryBuilder<DB, TB, O>): Promise<ExportExtent> {
  const row = await db
    .selectFrom(query.as('x'))
    .select([sql<string>`count(*)`.as('rows'), sql<string>`coalesce(sum(octet_length(x::text)), 0)`.as('bytes')])
    .executeTakeFirstOrThrow();
  return { rows: Number(row.rows), bytes: Number(row.bytes) };
}
