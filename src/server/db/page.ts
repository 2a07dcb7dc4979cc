import { sql, type Expression, type SelectQueryBuilder, type SqlBool, type StringReference } from 'kysely';

/** Which page of a list: 1-based, of `pageSize` rows. */
export interface PageQuery {
  page: number;
  pageSize: number;
}

/**
 * A list's order, newest first, (time desc, id desc): its time column and its id column, as the
 * list's statements name them (e.g. 'enquiries.createdAt'). The one description of the order: the
 * rows, a page's rows with what they carry, where a page starts and an export's batches are all
 * put in order from it, so no two of them can be written in different orders.
 */
export interface ListOrder<Column extends string = string> {
  readonly time: Column;
  readonly id: Column;
}

/** Any select at all: its tables, columns and row are read back by ColumnOf and RowOf. */
type AnySelect = SelectQueryBuilder<any, any, any>;

/** The columns a select can order by, as its statement names them ('enquiries.id', 'id'). */
type ColumnOf<Q> = Q extends SelectQueryBuilder<infer DB, infer TB, infer _Row> ? ([TB] extends [keyof DB] ? StringReference<DB, TB> & string : never) : never;

/** The row a select answers. */
type RowOf<Q> = Q extends SelectQueryBuilder<infer _DB, infer _TB, infer Row> ? Row : never;

/** `select` in `order`: (time desc, id desc). Each column is checked against what `select` reads. */
export function inOrder<DB, TB extends keyof DB, O>(
  select: SelectQueryBuilder<DB, TB, O>,
  order: ListOrder<StringReference<DB, TB> & string>,
): SelectQueryBuilder<DB, TB, O> {
  return select.orderBy(order.time, 'desc').orderBy(order.id, 'desc');
}

/**
 * Keeps a list's rows from the one `position` selects on, in (time desc, id desc) order: one row
 * comparison the list's (time desc, id desc) index answers. Keeps none when `position` selects
 * none (a page past the end).
 */
function fromPosition(order: ListOrder, position: Expression<unknown>): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(order.time)}, ${sql.ref(order.id)}) <= (${position})`;
}

/**
 * `list` (the filtered rows, not yet ordered) in `order`, cut to one page. A page past the first
 * seeks rather than skips: its first row's (time, id) is counted out along the list's index by the
 * same filter selecting those two columns alone (so the count reads the index and not the table
 * where the filter allows), and only the page's own rows are read. With OFFSET, every row skipped
 * was read whole: page 4,000 of the inbox read 100,000 rows (and joined each to its notice) to
 * show 25.
 */
export function cutToPage<DB, TB extends keyof DB, O>(
  list: SelectQueryBuilder<DB, TB, O>,
  order: ListOrder<StringReference<DB, TB> & string>,
  { page, pageSize }: PageQuery,
): SelectQueryBuilder<DB, TB, O> {
  const skipped = (page - 1) * pageSize;
  if (skipped === 0) return inOrder(list, order).limit(pageSize);
  const positions = inOrder(list.clearSelect().select([order.time, order.id]), order);
  return inOrder(list.where(fromPosition(order, positions.limit(1).offset(skipped))), order).limit(pageSize);
}

/**
 * One page of a newest-first list beside the count of the whole filtered list, the two statements
 * sent together (the inbox and the subscribers list; the articles list rides its count on the rows
 * instead). `list` is the filtered rows, unordered; the page, where it starts and the count are all
 * read from it. `withMessages` joins to the page's rows what each carries (its latest message in
 * the outbox), after the page is cut: a plan that sorts the filter's matches (a search read along
 * its index) would otherwise look up the messages of every match and then keep 25 of them. The
 * joined rows are put in `order` again, as a join keeps no order of its own.
 */
export async function readPage<DB, TB extends keyof DB, O, Joined extends AnySelect>(
  list: SelectQueryBuilder<DB, TB, O>,
  withMessages: (page: SelectQueryBuilder<DB, TB, O>) => Joined,
  order: ListOrder<StringReference<DB, TB> & ColumnOf<Joined>>,
  query: PageQuery,
): Promise<{ items: RowOf<Joined>[]; total: number }> {
  // The count's row is one column whatever the list selects; $castTo says so where the list's own
  // columns are still a type parameter.
  const count = list
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .$castTo<{ n: string }>();
  const [items, counted] = await Promise.all([inOrder(withMessages(cutToPage(list, order, query)), order).execute(), count.executeTakeFirstOrThrow()]);
  return { items, total: Number(counted.n) };
}
