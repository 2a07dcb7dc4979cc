import { sql, type Expression, type SqlBool } from 'kysely';

/** Which page of a list: 1-based, of `pageSize` rows. */
export interface PageQuery {
  page: number;
  pageSize: number;
}

/** The filtered list in its (time desc, id desc) order, each row whole, still to be cut to a page. */
interface CuttableSelect<Q> {
  where(condition: Expression<SqlBool>): Q;
  limit(n: number): Q;
}

/** The same filter and order selecting only each row's (time, id): where a page starts. */
interface PositionSelect {
  limit(n: number): { offset(n: number): Expression<unknown> };
}

/** The count of every row the same filter matches, as `n`. */
interface CountSelect {
  executeTakeFirstOrThrow(): Promise<{ n: string | number | bigint }>;
}

/** A list's order, newest first: its time column and its id column, e.g. 'enquiries.createdAt'. */
export interface ListOrder {
  time: string;
  id: string;
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
 * One page of a newest-first list beside the count of the whole filtered list, the two statements
 * sent together (the inbox and the subscribers list; the articles list rides its count on the rows
 * instead). `withMessages` joins to the page's rows what each carries (its latest message in the
 * outbox), after the page is cut: a plan that sorts the filter's matches (a search read along its
 * index) would otherwise look up the messages of every match and then keep 25 of them.
 *
 * The page is cut by cutToPage. With OFFSET, every row skipped was read whole and joined to its
 * message: page 4,000 of the inbox looked up 100,000 notices to show 25.
 */
/**
 * `list` (in its (time desc, id desc) order) cut to one page. A page past the first seeks rather
 * than skips: its first row's (time, id) is counted out along the list's index (`positions`, which
 * selects those two columns alone, so the count reads the index and not the table where the
 * filter allows), and only the page's own rows are read.
 */
export function cutToPage<Q extends CuttableSelect<Q>>(list: Q, positions: PositionSelect, order: ListOrder, { page, pageSize }: PageQuery): Q {
  const skipped = (page - 1) * pageSize;
  return (skipped > 0 ? list.where(fromPosition(order, positions.limit(1).offset(skipped))) : list).limit(pageSize);
}

export async function readPage<Q extends CuttableSelect<Q>, Row>(
  list: Q,
  withMessages: (page: Q) => { execute(): Promise<Row[]> },
  positions: PositionSelect,
  count: CountSelect,
  order: ListOrder,
  query: PageQuery,
): Promise<{ items: Row[]; total: number }> {
  const [items, counted] = await Promise.all([withMessages(cutToPage(list, positions, order, query)).execute(), count.executeTakeFirstOrThrow()]);
  return { items, total: Number(counted.n) };
}
