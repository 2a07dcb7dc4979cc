// GET  /api/newsletter/unsubscribe?email=...&token=...  the link in every newsletter message: a page
//                                                      asking to confirm, with a button that posts
// POST /api/newsletter/unsubscribe?email=...&token=...  unsubscribes: that button, or the one-click
//                                                      unsubscribe of RFC 8058 (mail clients post
//                                                      `List-Unsubscribe=One-Click`)
// Only a POST changes anything: mail scanners and link previews open (GET, HEAD) every link in a
// message, and must not unsubscribe anyone by doing so. Either method checks that the token is
// ours, unexpired and made for that address; anything else is a 400 page that changes nothing.
// A database that does not answer gets a 503 page with the button again, not the API's JSON: a
// person pressed it. No session: the signed token is the proof, so a post from another site (a
// webmail's one-click unsubscribe) is as good as one from the button.
import type { Config } from '@netlify/functions';
import { unsubscribePage } from '../../src/content/leads.ts';
import { unsubscribeQuerySchema } from '../../src/schemas/newsletter.ts';
import { verifyUnsubscribeToken } from '../../src/server/auth/unsubscribe-token.ts';
import { getDb } from '../../src/server/db/client.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../src/server/db/errors.ts';
import { logUnavailable } from '../../src/server/http/errors.ts';
import { requestLabel, route } from '../../src/server/http/handler.ts';
import { plainPage } from '../../src/server/http/plain-page.ts';
import { unsubscribe } from '../../src/server/repositories/subscribers.ts';
import { PAGE_PATHS } from '../../src/lib/permalinks.ts';
import { firstValues } from '../../src/server/http/body.ts';

const back = { label: unsubscribePage.back, href: PAGE_PATHS.insights };

/**
 * Every page here is at the link's own URL, which holds the address and its token: Back to Insights
 * would hand both to /insights as its Referer (same origin, so whole), where the server's log and
 * any analytics a visitor accepted read them as document.referrer.
 */
const page = (o: Parameters<typeof plainPage>[0]) => plainPage({ ...o, headers: { 'Referrer-Policy': 'no-referrer', ...o.headers } });

const invalid = () => page({ title: unsubscribePage.invalidTitle, text: unsubscribePage.invalidText, links: [unsubscribePage.writeToUs, back], status: 400 });

/** The confirm and retry buttons post to the very URL of the link: its address and token. */
function sameLink(req: Request): string {
  const { pathname, search } = new URL(req.url);
  return `${pathname}${search}`;
}

/** The address the request's token was made for, or null. */
async function verifiedAddress(req: Request): Promise<string | null> {
  // First value of each name, as every query is read (src/server/http/query.ts); a bad one is the
  // invalid-link page rather than the API's 400.
  const query = unsubscribeQuerySchema.safeParse(firstValues(new URL(req.url).searchParams));
  return query.success && (await verifyUnsubscribeToken(query.data.token, query.data.email)) ? query.data.email : null;
}

export default route({
  GET: async (req) => {
    const email = await verifiedAddress(req);
    if (!email) return invalid();
    return page({
      title: unsubscribePage.confirmTitle,
      text: unsubscribePage.confirmText(email),
      form: { action: sameLink(req), button: unsubscribePage.confirmButton },
      links: [back],
    });
  },
  POST: async (req) => {
    const email = await verifiedAddress(req);
    if (!email) return invalid();
    try {
      // An address no longer on the list (deleted on request) gets no newsletter either: its
      // genuine link is answered as done, like any other.
      await unsubscribe(getDb(), email);
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      logUnavailable(requestLabel(req), 'database', err);
      return page({
        title: unsubscribePage.unavailableTitle,
        text: unsubscribePage.unavailableText,
        form: { action: sameLink(req), button: unsubscribePage.retryButton },
        links: [back],
        status: 503,
        headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
      });
    }
    return page({ title: unsubscribePage.doneTitle, text: unsubscribePage.doneText, links: [back] });
  },
}, { authorisedByUrlToken: true });

export const config: Config = { path: '/api/newsletter/unsubscribe' };
