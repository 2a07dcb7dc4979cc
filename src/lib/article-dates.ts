/**
 * Article dates: the Insights list uses the full month
 * name and year in en-US ('November 2026'); the article page uses the en-AU long form
 * ('22 November 2026'). Both are rendered on the server, so the time zone is fixed to the firm's
 * home (Sydney) rather than the server's UTC: an article published at 9 am in Sydney keeps its day.
 */

import { FIRM_TIME_ZONE } from './firm-time';

const listFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: FIRM_TIME_ZONE });
const detailFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: FIRM_TIME_ZONE });

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** 'November 2026' */
export function formatListDate(value: Date | string): string {
  return listFormat.format(toDate(value));
}

/** '22 November 2026' */
export function formatDetailDate(value: Date | string): string {
  return detailFormat.format(toDate(value));
}

/** For <time datetime> and machine-readable metadata. */
export function isoDate(value: Date | string): string {
  return toDate(value).toISOString();
}
