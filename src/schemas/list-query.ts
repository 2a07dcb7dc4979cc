/**
 * The query of an admin list (the Enquiries and Subscribers tabs and their CSV export):
 * ?page=2&pageSize=25&search=acme&status=new&format=csv. Each of those two composes these fields
 * with its own status filter; the Articles list (below) takes the page, size and search, and which
 * list. Imports zod only.
 */
import * as z from 'zod/mini';
import { optionalText } from './fields';

/** Rows a page holds unless the client asks for another size. */
export const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;
export const SEARCH_MAX_LENGTH = 200;

/**
 * A query value that is a number written as its digits alone, as /insights reads its page
 * (src/lib/pagination.ts): '1e3', '2.0', '+2', '0x10' and ' 2' are refused, not read as numbers.
 */
const wholeNumber = (min: number, max: number) =>
  z.pipe(
    z.string().check(z.regex(/^\d+$/, 'Must be a whole number')),
    z.coerce.number<string>().check(z.minimum(min, `Must be at least ${min}`), z.maximum(max, `Must be at most ${max}`)),
  );

/** How many rows a list answers: 1 to MAX_PAGE_SIZE, `fallback` when not asked. */
const pageSizeField = (fallback: number) => z._default(wholeNumber(1, MAX_PAGE_SIZE), fallback);

export const listQueryFields = {
  /** 1-based. */
  page: z._default(wholeNumber(1, 1_000_000), 1),
  pageSize: pageSizeField(DEFAULT_PAGE_SIZE),
  /** Matched anywhere in the searched columns, ignoring letter case. */
  search: optionalText(SEARCH_MAX_LENGTH),
  /** json: one page; csv: every row the filter matches, as a download. */
  format: z._default(z.enum(['json', 'csv'], 'Must be json or csv'), 'json'),
};

/**
 * The query of GET /api/articles: which list (?drafts=include, an admin's with the drafts;
 * ?published=true, the visitors'), a search, and either one page of it (?page) or, without ?page,
 * the newest as a bare array of at most a full page. A value either list flag does not know is a
 * 400, not a silent choice of the other list (and, as the CDN keys on both, never a cache entry
 * for a value a client makes up); so is a size out of range, never a silent 100.
 */
const articleListFields = {
  drafts: z.optional(z.literal('include', { error: 'Must be include' })),
  published: z.optional(z.literal('true', { error: 'Must be true' })),
  search: listQueryFields.search,
};
export const articleArrayQuerySchema = z.object({ ...articleListFields, pageSize: pageSizeField(MAX_PAGE_SIZE) });
export const articlePageQuerySchema = z.object({ ...articleListFields, page: listQueryFields.page, pageSize: listQueryFields.pageSize });

/** One page of a list as the API answers it. */
export interface ListPage<T> {
  items: T[];
  /** Rows matching the filter on every page. */
  total: number;
  page: number;
  pageSize: number;
}
