/** Which page of a list: 1-based, of `pageSize` rows. */
export interface PageQuery {
  page: number;
  pageSize: number;
}

/** A filtered, ordered select, still to be cut to a page. */
interface PageableSelect<Row> {
  limit(n: number): { offset(n: number): { execute(): Promise<Row[]> } };
}

/** The count of every row the same filter matches, as `n`. */
interface CountSelect {
  executeTakeFirstOrThrow(): Promise<{ n: string | number | bigint }>;
}

/**
 * One page of a list beside the count of the whole filtered list, the two statements sent together
 * (the inbox and the subscribers list; the articles list rides its count on the rows instead).
 */
export async function readPage<Row>(rows: PageableSelect<Row>, count: CountSelect, { page, pageSize }: PageQuery): Promise<{ items: Row[]; total: number }> {
  const [items, counted] = await Promise.all([rows.limit(pageSize).offset((page - 1) * pageSize).execute(), count.executeTakeFirstOrThrow()]);
  return { items, total: Number(counted.n) };
}
