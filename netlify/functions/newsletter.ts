// POST /api/newsletter: a newsletter sign-up, as JSON (the island) or as a plain form post (the
// Insights page before or without JavaScript). The consent is recorded with its time and page
// (the island sends it as sourcePage; a plain form post's is its same-origin Referer), and the welcome,
// with its unsubscribe link, is queued with it and sent after the answer; a sign-up that knows no
// origin for that link (link-origin.ts) is taken all the same, its welcome composed when one is set. An address that
// unsubscribed may subscribe again; one still subscribed is a 409, except to a plain form post
// that repeats the sign-up which subscribed it (the same sender and address within ten minutes:
// a double click, a resubmission), answered as that sign-up was, with no second welcome. A
// repeat, by either form, spends no rate-limit point, so it is never refused as over the limit.
import type { Config } from '@netlify/functions';
import { newsletterSchema } from '../../src/schemas/newsletter.ts';
import { getDb } from '../../src/server/db/client.ts';
import { getEnv } from '../../src/server/env.ts';
import { isFormPost, readSubmission, withFormPosts } from '../../src/server/http/form-post.ts';
import { SUBMISSION_KEY_WINDOW_MS, recentDerivedSubmissionKeys } from '../../src/server/http/derived-submission-key.ts';
import { conflict } from '../../src/server/http/errors.ts';
import { route } from '../../src/server/http/handler.ts';
import { clientAddress, sameOriginRefererPath } from '../../src/server/http/request-context.ts';
import { json } from '../../src/server/http/respond.ts';
import { givePointBack, overLimit, rateLimiter, spendPoint } from '../../src/server/rate-limit.ts';
import { mailLinkOrigin } from '../../src/server/mail/link-origin.ts';
import { welcomeAwaitingOrigin, welcomeMessage } from '../../src/server/mail/welcome.ts';
import { sendAfterResponse } from '../../src/server/outbox/after-response.ts';
import { findRepeatedSignup, subscribeWithWelcome } from '../../src/server/repositories/subscribers.ts';
import { FORM_SENT_IDS, PAGE_PATHS } from '../../src/lib/permalinks.ts';

const ALREADY_SUBSCRIBED = 'This email address is already subscribed.';

export default route({
  POST: withFormPosts({ form: PAGE_PATHS.insights, sent: FORM_SENT_IDS.newsletter }, async (req, ctx) => {
    const submitted = await readSubmission(req, newsletterSchema);
    const { email, website } = submitted;
    if (website) return json({}, { status: 201 }); // honeypot: see contacts.ts
    const db = getDb();
    const sender = clientAddress(ctx);
    // Neither form carries a key of its own (the Insights page is one cached copy for everyone,
    // and the island sends none): a sign-up's key is derived from the sender and the address, as
    // the enquiry form's is. A repeat is looked for before the rate-limit point is spent, so one
    // at the limit is not refused.
    const now = Date.now();
    const keys = recentDerivedSubmissionKeys(sender, { email: email.toLowerCase() }, now);
    const since = new Date(now - SUBMISSION_KEY_WINDOW_MS);
    /**
     * A repeat of this sender's sign-up: the plain form is answered as that sign-up was (the
     * confirmation page), the island as it always has been about a listed address (409). It starts
     * no send: the first post queued the welcome and sends it after its own answer (the scheduled
     * sender retries it), so posting again and again makes no work beyond the one lookup.
     */
    const repeatedAnswer = (id: number) => {
      if (!isFormPost(req)) throw conflict(ALREADY_SUBSCRIBED, { email: ALREADY_SUBSCRIBED });
      return json({ id }, { status: 201 });
    };
    const earlier = await findRepeatedSignup(db, email, keys, since);
    if (earlier !== undefined) return repeatedAnswer(earlier);
    const linkOrigin = mailLinkOrigin(req);
    const limiter = rateLimiter({ keyPrefix: 'newsletter', points: getEnv().newsletterRateLimitPerHour, durationSeconds: 3600 });
    const welcome = linkOrigin ? await welcomeMessage(email, linkOrigin) : welcomeAwaitingOrigin(email);
    const sourcePage = submitted.sourcePage || sameOriginRefererPath(req);
    // The point and the sign-up in one statement, so the point of a second post of one sign-up
    // waits on the first's until the first's row is committed.
    const written = await subscribeWithWelcome(db, { email, sourcePage, signupKey: keys[0] }, welcome, {
      spend: spendPoint(limiter, sender, { now }),
      allowed: limiter.points,
    });
    if (written.outcome === 'subscribed') {
      sendAfterResponse(ctx, { table: 'subscribers', id: written.id });
      return json({ id: written.id }, { status: 201 });
    }
    // Two posts of one sign-up at once (a double click): both missed the other's row and spent a
    // point; the second's statement found the address listed, or, where the first took the hour's
    // last point, itself over the limit. It finds the first's row now, and gives its point back.
    const raced = await findRepeatedSignup(db, email, keys, since);
    if (raced !== undefined) {
      await givePointBack(limiter, sender, written.spent).execute(db);
      return repeatedAnswer(raced);
    }
    if (written.outcome === 'over-limit') throw overLimit(written.spent, 'Too many sign-ups from your network in the last hour. Please try again later.');
    throw conflict(ALREADY_SUBSCRIBED, { email: ALREADY_SUBSCRIBED });
  }),
});

export const config: Config = { path: '/api/newsletter' };
