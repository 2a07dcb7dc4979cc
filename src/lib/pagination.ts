/**
 * Pages of a list, the same on the public Insights list and the admin panel's lists: pages counted
 * from 1, and 'Page X of Y' with at least one page (an empty list is 'Page 1 of 1'). Browser-safe:
 * no imports.
 */

/** Articles a page, on /insights and in the admin panel's Articles list (the others: DEFAULT_PAGE_SIZE). */
export const ARTICLES_PAGE_SIZE = 12;

/** How many pages `total` items fill; an empty list still has its one (empty) page. */
export function pageCount(total: number, pageSize: number = ARTICLES_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page a `?page=` value asks for: a whole number from 1, written without a sign or leading
 * zeros ('2', not '02' or '+2'), so every page has one URL. Absent means page 1; anything else null.
 */
export function parsePageParam(raw: string | null): number | null {
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,8}$/.test(raw)) return null;
  return Number(raw);
}

export const pageLabel = (page: number, pages: number) => `Page ${page} of ${pages}`;
