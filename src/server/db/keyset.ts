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

/**
 * The room an export's rows have in its file: `bytes` in all (the limit, less what the file holds
 * besides its rows), with `perRow` bytes counted for each row on top of the row as Postgres writes
 * it as text (what the CSV's cells may add to their columns: src/server/http/csv.ts).
 */
export interface ExportBudget {
  bytes: number;
  perRow: number;
}

/**
 * Whether the rows `rows` selects (an export's rows, before any cursor) exceed `budget`, in one
 * statement before the first batch is read. A whole row as text is a record, `(1,"Acme, Ltd",...)`:
 * every column, commas between, a value quoted when it holds a comma, a quote, a space or a line
 * break, its quotes doubled, times as 22 to 32 characters. Each CSV cell is one of those columns,
 * so the CSV can be bounded from this without reading it twice.
 *
 * The sizes are summed as the rows come and the statement stops at the first row that takes the
 * sum past `budget.bytes`: a list far past the budget is read only as far as the budget reaches
 * (about as far as the largest export let through), never to its end. Summing every row, each
 * joined to its latest message, took 0.7-3 s to refuse all of 200,000 enquiries, and grew with the
 * table. Every row adds a positive size, so the sum passes the budget at some row, in any order,
 * exactly when the whole list's does: the rows are summed in the order the cheapest plan reads
 * them. That plan is the one for reading them all (a materialized CTE is planned for every row,
 * and still read only as far as the statement asks): a plan chosen for the LIMIT 1 that stops the
 * sum expected to stop within a few rows, and so walked the list's index reading each row of the
 * table to test a search (2 s for a search that the trigram index answers in 0.3 s).
 */
export async function exceedsBudget<DB, TB extends keyof DB, O>(db: Kysely<Database>, rows: SelectQueryBuilder<DB, TB, O>, budget: ExportBudget): Promise<boolean> {
  const sizes = db.selectFrom(rows.as('x')).select(sql<number>`octet_length(x::text) + ${budget.perRow}`.as('size'));
  const { rows: passed } = await sql<{ passed: number }>`with sized as materialized (${sizes})
    select 1 as passed from (select sum(size) over (rows unbounded preceding) as running from sized) as summed
    where running > ${budget.bytes} limit 1`.execute(db);
  return passed.length > 0;
}
