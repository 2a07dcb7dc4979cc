/** Times as the firm reads them: in its own time zone (Sydney), whatever the browser's. */

/** The firm's own time zone: the admin panel's times, the enquiry notice's and the articles' dates are shown in it. */
export const FIRM_TIME_ZONE = 'Australia/Sydney';

const format = new Intl.DateTimeFormat('en-AU', { timeZone: FIRM_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });

/** '23 Nov 2026, 11:58 pm' for an ISO 8601 instant. */
export function firmTime(iso: string): string {
  return format.format(new Date(iso));
}

const dayParts = new Intl.DateTimeFormat('en-AU', { timeZone: FIRM_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** '2026-11-27': the firm's calendar day of an instant (an export's file name). */
export function firmDate(date: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) => dayParts.formatToParts(date).find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}
