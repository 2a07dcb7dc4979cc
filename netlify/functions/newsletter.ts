// POST /api/newsletter: a newsletter sign-up, as JSON (the island) or as a plain form post (the
// Insights page before or without JavaScript).
import type { Config } from '@netlify/functions';
import { newsletterSchema } from '../../src/schemas/newsletter.ts';
import { getDb } from '../../src/server/db/client.ts';
import { getEnv } from '../../src/server/env.ts';
import { readSubmission, withFormPosts } from '../../src/server/http/form-post.ts';
import { conflict } from '../../src/server/http/errors.ts';
import { route } from '../../src/server/http/handler.ts';
import { clientAddress } from '../../src/server/http/request-context.ts';
import { json } from '../../src/server/http/respond.ts';
import { consumeOrThrow, rateLimiter } from '../../src/server/rate-limit.ts';
import { insertSubscriber } from '../../src/server/repositories/subscribers.ts';
import { FORM_IDS, PAGE_PATHS } from '../../src/lib/permalinks.ts';

export default route({
  POST: withFormPosts({ form: `${PAGE_PATHS.insights}#${FORM_IDS.newsletter}`, done: PAGE_PATHS.subscribed }, async (req, ctx) => {
    const { email, website } = await readSubmission(req, newsletterSchema);
    if (website) return json({}, { status: 201 }); // honeypot: see enquiries.ts
    const limiter = rateLimiter({ keyPrefix: 'newsletter', points: getEnv().newsletterRateLimitPerHour, durationSeconds: 3600 });
    await consumeOrThrow(limiter, clientAddress(ctx), 'Too many sign-ups from your network in the last hour. Please try again later.');
    const id = await insertSubscriber(getDb(), email);
    if (id === undefined) throw conflict('This email address is already subscribed.', { email: 'This email address is already subscribed.' });
    return json({ id }, { status: 201 });
  }),
});

export const config: Config = { path: '/api/newsletter' };
