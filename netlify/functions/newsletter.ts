// POST /api/newsletter: a newsletter sign-up, as JSON (the island) or as a plain form post (the
// Insights page before or without JavaScript). The consent is recorded with its time and page
// (the island sends it as sourcePage; a plain form post's is its same-origin Referer), and the welcome,
// with its unsubscribe link, is queued with it and sent after the answer; a sign-up that knows no
// origin for that link (link-origin.ts) is taken all the same, its welcome composed when one is set. An address that
// unsubscribed may subscribe again; one still subscribed is a 409, except to a plain form post
// that repeats the sign-up which subscribed it (the same sender and address within ten minutes:
// a double click, a resubmission), answered as that sign-up was, with no second welcome or point.
import type { Config } from '@netlify/functions';
import { newsletterSchema } from '../../src/schemas/newsletter.ts';
import { getDb } from '../../src/server/db/client.ts';
import { getEnv } from '../../src/server/env.ts';
import { isFormPost, readSubmission, withFormPosts } from '../../src/server/http/form-post.ts';
import { PLAIN_POST_WINDOW_MS, recentPlainPostKeys } from '../../src/server/http/plain-post-key.ts';
import { conflict } from '../../src/server/http/errors.ts';
import { route } from '../../src/server/http/handler.ts';
import { clientAddress, sameOriginRefererPath } from '../../src/server/http/request-context.ts';
import { json } from '../../src/server/http/respond.ts';
import { givePointBack, overLimit, rateLimiter, spendPoint } from '../../src/server/rate-limit.ts';
import { mailLinkOrigin } from '../../src/server/mail/link-origin.ts';
import { welcomeAwaitingOrigin, welcomeMessage } from '../../src/server/mail/welcome.ts';
import { sendAfterResponse } from '../../src/server/outbox/after-response.ts';
import { findRepeatedSignup, subscribeWithWelcome } from '../../src/server/repositories/subscribers.ts';
import { PAGE_PATHS } from '../../src/lib/permalinks.ts';

const ALREADY_SUBSCRIBED = 'This email address is already subscribed.';

/**
 * A repeat answered as the sign-up it repeats. It starts no send: the first post queued the welcome
 * and sends it after its own answer (the scheduled sender retries it), so posting the form again
 * and again makes no work beyond the one lookup.
 */
const repeatedAnswer = (id: number) => json({ id }, { status: 201 });

export default route({
  POST: withFormPosts({ form: PAGE_PATHS.insights, done: PAGE_PATHS.subscribed }, async (req, ctx) => {
    const submitted = await readSubmission(req, newsletterSchema);
    const { email, website } = submitted;
    if (website) return json({}, { status: 201 }); // honeypot: see contacts.ts
    const db = getDb();
    const sender = clientAddress(ctx);
    // A plain form carries no key of its own (the Insights page is one cached copy for everyone):
    // its key is derived from the sender and the address, as the enquiry form's is. A repeat is
    // looked for before the rate-limit point is spent, so one at the limit is not refused.
    const now = Date.now();
    const repeat = isFormPost(req) ? { keys: recentPlainPostKeys(sender, { email: email.toLowerCase() }, now), since: new Date(now - PLAIN_POST_WINDOW_MS) } : undefined;
    if (repeat) {
      const earlier = await findRepeatedSignup(db, email, repeat.keys, repeat.since);
      if (earlier !== undefined) return repeatedAnswer(earlier);
    }
    const linkOrigin = mailLinkOrigin(req);
    const limiter = rateLimiter({ keyPrefix: 'newsletter', points: getEnv().newsletterRateLimitPerHour, durationSeconds: 3600 });
    // Spent as a statement of its own (not consumeOrThrow) so that the point can be given back,
    // in the window it was spent in, when this post turns out to repeat another.
    const spent = (await spendPoint(limiter, sender, { now }).execute(db)).rows[0]!;
    if (spent.points > limiter.points) throw overLimit(spent, 'Too many sign-ups from your network in the last hour. Please try again later.');
    const welcome = linkOrigin ? await welcomeMessage(email, linkOrigin) : welcomeAwaitingOrigin(email);
    const sourcePage = submitted.sourcePage || sameOriginRefererPath(req);
    const subscribed = await subscribeWithWelcome(db, { email, sourcePage, signupKey: repeat?.keys[0] ?? null }, welcome);
    if (subscribed !== undefined) {
      sendAfterResponse(ctx, { table: 'subscribers', id: subscribed.id });
      return json({ id: subscribed.id }, { status: 201 });
    }
    // Two posts of one double click at once: both missed the other's row and spent a point; the one
    // whose insert waited on the other's finds that row now, and gives its point back.
    const earlier = repeat && (await findRepeatedSignup(db, email, repeat.keys, repeat.since));
    if (earlier === undefined) throw conflict(ALREADY_SUBSCRIBED, { email: ALREADY_SUBSCRIBED });
    await givePointBack(limiter, sender, spent).execute(db);
    return repeatedAnswer(earlier);
  }),
});

export const config: Config = { path: '/api/newsletter' };
