// POST /api/newsletter: a newsletter sign-up, as JSON (the island) or as a plain form post (the
// Insights page before or without JavaScript). The consent is recorded with its time and page
// (the island sends it as sourcePage; a plain form post's is its same-origin Referer), and the welcome,
// with its unsubscribe link, is queued with it and sent after the answer; a sign-up that knows no
// origin for that link (link-origin.ts) is taken all the same, its welcome composed when one is set. An address that
// unsubscribed may subscribe again; one still subscribed is a 409.
import type { Config } from '@netlify/functions';
import { newsletterSchema } from '../../src/schemas/newsletter.ts';
import { getDb } from '../../src/server/db/client.ts';
import { getEnv } from '../../src/server/env.ts';
import { readSubmission, withFormPosts } from '../../src/server/http/form-post.ts';
import { conflict } from '../../src/server/http/errors.ts';
import { route } from '../../src/server/http/handler.ts';
import { clientAddress, sameOriginRefererPath } from '../../src/server/http/request-context.ts';
import { json } from '../../src/server/http/respond.ts';
import { consumeOrThrow, rateLimiter } from '../../src/server/rate-limit.ts';
import { mailLinkOrigin } from '../../src/server/mail/link-origin.ts';
import { welcomeAwaitingOrigin, welcomeMessage } from '../../src/server/mail/welcome.ts';
import { sendAfterResponse } from '../../src/server/outbox/after-response.ts';
import { subscribeWithWelcome } from '../../src/server/repositories/subscribers.ts';
import { PAGE_PATHS } from '../../src/lib/permalinks.ts';

const ALREADY_SUBSCRIBED = 'This email address is already subscribed.';

export default route({
  POST: withFormPosts({ form: PAGE_PATHS.insights, done: PAGE_PATHS.subscribed }, async (req, ctx) => {
    const submitted = await readSubmission(req, newsletterSchema);
    const { email, website } = submitted;
    if (website) return json({}, { status: 201 }); // honeypot: see contacts.ts
    const linkOrigin = mailLinkOrigin(req);
    const limiter = rateLimiter({ keyPrefix: 'newsletter', points: getEnv().newsletterRateLimitPerHour, durationSeconds: 3600 });
    await consumeOrThrow(limiter, clientAddress(ctx), 'Too many sign-ups from your network in the last hour. Please try again later.');
    const welcome = linkOrigin ? await welcomeMessage(email, linkOrigin) : welcomeAwaitingOrigin(email);
    const sourcePage = submitted.sourcePage || sameOriginRefererPath(req);
    const subscribed = await subscribeWithWelcome(getDb(), { email, sourcePage }, welcome);
    if (subscribed === undefined) throw conflict(ALREADY_SUBSCRIBED, { email: ALREADY_SUBSCRIBED });
    sendAfterResponse(ctx, { table: 'subscribers', id: subscribed.id });
    return json({ id: subscribed.id }, { status: 201 });
  }),
});

export const config: Config = { path: '/api/newsletter' };
