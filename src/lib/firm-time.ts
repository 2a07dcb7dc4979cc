/** Times as the firm reads them: in its own time zone (Sydney), whatever the browser's. */
import { FIRM_TIME_ZONE } from '../content/site';

const format = new Intl.DateTimeFormat('en-AU', { timeZone: FIRM_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });

/** '23 Nov 2026, 11:58 pm' for an ISO 8601 instant. */
export function firmTime(iso: string): string {
  return format.format(new Date(iso));
}
