// POST /api/newsletter: a newsletter sign-up, as JSON (the island) or as a plain form post (the
// Insights page before or without JavaScript). The consent is recorded with its time and page
// (the island sends it as sourcePage; a plain form post's is its same-origin Referer), and the welcome,
// with its unsubscribe link, is queued with it and sent after the answer; a sign-up that knows no
// origin for that link (link-origin.ts) is taken all the same, its welcome composed when one is set. An address that
// unsubscribed may subscribe again; one still subscribed is a 409, except to a plain form post
// that repeats the sign-up which subscribed it (the same client and address within ten minutes:
// a double click, a resubmission), answered as that sign-up was, with no second welcome. A
// repeat, by either form, spends no rate-limit point, so it is never refused as over the limit.
import type { Config } from '@netlify/functions';
import { newsletterSchema } from '../../src/schemas/newsletter.ts';
import { getDb } from '../../src/server/db/client.ts';
import { isFormPost, readSubmission, withFormPosts } from '../../src/server/http/form-post.ts';
import { conflict } from '../../src/server/http/errors.ts';
import { route } from '../../src/server/http/handler.ts';
import { clientAddress, sameOriginRefererPath } from '../../src/server/http/request-context.ts';
import { json } from '../../src/server/http/respond.ts';
import { givePointBack, newsletterLimiter, overLimit, spendPoint } from '../../src/server/rate-limit.ts';
import { mailLinkOrigin } from '../../src/server/mail/link-origin.ts';
import { welcomeAwaitingOrigin, welcomeMessage } from '../../src/server/mail/welcome.ts';
import { sendAfterResponse } from '../../src/server/outbox/after-response.ts';
import { signUpWithWelcome } from '../../src/server/repositories/subscribers.ts';
import { FORM_SENT_IDS, PAGE_PATHS } from '../../src/lib/permalinks.ts';
import { newsletterRefusals } from '../../src/content/form-outcomes.ts';

export default route({
  POST: withFormPosts({ form: PAGE_PATHS.insights, sent: FORM_SENT_IDS.newsletter }, async (req, ctx) => {
    const submitted = await readSubmission(req, newsletterSchema);
    const { email, website } = submitted;
    if (website) return json({}, { status: 201 }); // honeypot: see contacts.ts
    const client = clientAddress(ctx);
    const limiter = newsletterLimiter();
    const sourcePage = submitted.sourcePage || sameOriginRefererPath(req);
    // The welcome is composed only for a sign-up of its own: a repeat sends none.
    const welcome = async () => {
      const linkOrigin = mailLinkOrigin(req);
      return linkOrigin ? welcomeMessage(email, linkOrigin) : welcomeAwaitingOrigin(email);
    };
    const signup = await signUpWithWelcome(getDb(), { email, sourcePage, client }, welcome, {
      spend: (now) => spendPoint(limiter, client, { now }),
      giveBack: (spent) => givePointBack(limiter, client, spent),
      allowed: limiter.points,
    });
    switch (signup.outcome) {
      case 'subscribed':
        sendAfterResponse(ctx, { table: 'subscribers', id: signup.id });
        return json({ id: signup.id }, { status: 201 });
      // A repeat of this client's sign-up: the plain form is answered as that sign-up was (the
      // confirmation page), the island as it always has been about a listed address (409). It starts
      // no send: the first post queued the welcome and sends it after its own answer (the scheduled
      // outbox sender retries it), so posting again and again makes no work beyond the one lookup.
      case 'repeated':
        if (!isFormPost(req)) throw conflict(newsletterRefusals.alreadySubscribed, { email: newsletterRefusals.alreadySubscribed });
        return json({ id: signup.id }, { status: 201 });
      case 'over-limit':
        throw overLimit(signup.spent, newsletterRefusals.overLimit);
      case 'already-subscribed':
        throw conflict(newsletterRefusals.alreadySubscribed, { email: newsletterRefusals.alreadySubscribed });
    }
  }),
});

export const config: Config = { path: '/api/newsletter' };
