/**
 * The admin's lists of leads (the Enquiries inbox and the Subscribers list), read one way for both:
 * a page of the leads a filter keeps, every one of them a batch at a time (the CSV export), whether
 * that export fits its budget, and one lead by id; each lead with its latest message in the outbox
 * (an enquiry's notice, a subscriber's welcome). What differs is a table's description, `LeadList`.
 */
import type { Expression, ExpressionBuilder, Kysely, ReferenceExpression, Selectable, SqlBool } from 'kysely';
import { containsPattern } from '../db/like.ts';
import { after, cursorText, exceedsBudget, keysetBatches, type ExportBudget, type KeysetCursor } from '../db/keyset.ts';
import { inOrder, readPage, type ListOrder, type PageQuery } from '../db/page.ts';
import type { Database } from '../db/schema.ts';
import { LATEST_MESSAGE_SELECTION, latestMessage, type LatestMessageColumns, type LeadTable } from './outbox.ts';

/** Which leads a list keeps: of one status (every status without one, or with 'all'), holding the search text. */
export interface LeadFilter {
  status?: string;
  search?: string;
}

/** A lead's row as a list reads it: the table's columns and its latest message's. */
export type LeadRow<Table extends LeadTable> = Selectable<Database[Table]> & LatestMessageColumns;

/** One table's list: what the inbox and the subscribers list do not share. */
export interface LeadList<Table extends LeadTable, Lead> {
  table: Table;
  /** The kind of the message each row carries the latest of. */
  messageKind: string;
  /** Newest first, along the table's (time desc, id desc) indexes. */
  order: ListOrder<`${Table}.${string}`>;
  /** Where the search text is looked for, ignoring letter case: a lead holding it in any of them is kept. */
  searched: readonly ReferenceExpression<Database, Table>[];
  /** The table's one row-to-API mapper. */
  toLead: (row: LeadRow<Table>) => Lead;
}

/**
 * The reads of `list`. Kysely types a statement by a table named as a literal; over a table chosen
 * by the caller it cannot, so the statements are built untyped here and typed again at the edges
 * (as db/create-once.ts builds its own): `list` is typed per table by its caller.
 */
export function leadListReads<Table extends LeadTable, Lead>(list: LeadList<Table, Lead>) {
  const { order, toLead } = list;
  const table: string = list.table;
  type Row = LeadRow<Table>;

  /** The condition a lead meets to be kept: the filter's status, and the search text in a searched column. */
  function matches(eb: ExpressionBuilder<any, any>, filter: LeadFilter): Expression<SqlBool> {
    const conditions: Expression<SqlBool>[] = [];
    if (filter.status && filter.status !== 'all') conditions.push(eb(`${table}.status`, '=', filter.status));
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      conditions.push(eb.or(list.searched.map((column) => eb(column as ReferenceExpression<any, any>, 'ilike', pattern))));
    }
    return eb.and(conditions);
  }

  /** The leads `filter` keeps, each row whole. */
  const filtered = (db: Kysely<Database>, filter: LeadFilter = {}) =>
    (db as Kysely<any>).selectFrom(table).selectAll(table).where((eb) => matches(eb, filter));

  /**
   * The leads `leads` selects (the filter's, a page of them, a batch), each with its latest message
   * (`message`, null when none was queued). A page or a batch is cut (its LIMIT) inside `leads`,
   * before the join, so messages are looked up for the rows answered alone.
   */
  const withLatestMessage = (db: Kysely<Database>, leads: ReturnType<typeof filtered>) =>
    (db as Kysely<any>)
      .selectFrom(leads.as(table))
      .leftJoinLateral(latestMessage(db, list.messageKind, list.table), (join) => join.onTrue())
      .selectAll(table)
      .select(LATEST_MESSAGE_SELECTION);

  return {
    /** One page, newest first, with the count of every lead the filter keeps. */
    async page(db: Kysely<Database>, query: LeadFilter & PageQuery): Promise<{ items: Lead[]; total: number }> {
      const { items, total } = await readPage(filtered(db, query), (page) => withLatestMessage(db, page), order, query);
      return { items: items.map((row) => toLead(row as Row)), total };
    },

    /** Every lead the filter keeps, newest first, a batch at a time (the CSV export). */
    batches(db: Kysely<Database>, filter: LeadFilter, batchSize?: number): AsyncGenerator<Lead[]> {
      return keysetBatches(
        async (cursor: KeysetCursor | undefined, limit: number) => {
          let batch = filtered(db, filter);
          if (cursor) batch = batch.where(after(order, cursor));
          const joined = withLatestMessage(db, inOrder(batch, order).limit(limit)).select(cursorText(order).as('cursorAt'));
          return (await inOrder(joined, order).execute()) as (Row & { id: number; cursorAt: string })[];
        },
        (row) => toLead(row),
        batchSize,
      );
    },

    /** Whether the leads the filter's export holds exceed `budget` as rows (keyset.ts exceedsBudget). */
    exportExceeds(db: Kysely<Database>, filter: LeadFilter, budget: ExportBudget): Promise<boolean> {
      return exceedsBudget(db, withLatestMessage(db, filtered(db, filter)), budget);
    },

    /** One lead by id, whatever its status. */
    async find(db: Kysely<Database>, id: number): Promise<Lead | undefined> {
      const row = (await withLatestMessage(db, filtered(db).where(`${table}.id`, '=', id)).executeTakeFirst()) as Row | undefined;
      return row && toLead(row);
    },
  };
}
