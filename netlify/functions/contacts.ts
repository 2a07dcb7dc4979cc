// POST /api/contacts: an enquiry from the Get in Touch dialog or the contact page.
import type { Config } from '@netlify/functions';
import { contactSchema } from '../../src/schemas/contact.ts';
import { getDb } from '../../src/server/db/client.ts';
import { getEnv } from '../../src/server/env.ts';
import { readJson } from '../../src/server/http/body.ts';
import { route } from '../../src/server/http/handler.ts';
import { clientAddress } from '../../src/server/http/request-context.ts';
import { json } from '../../src/server/http/respond.ts';
import { consumeOrThrow, rateLimiter } from '../../src/server/rate-limit.ts';
import { insertContact } from '../../src/server/repositories/enquiries.ts';

export default route({
  POST: async (req, ctx) => {
    const enquiry = await readJson(req, contactSchema);
    // The honeypot is filled by bots only: answer as if stored, so they learn nothing, and keep nothing.
    if (enquiry.website) return json({}, { status: 201 });
    const limiter = rateLimiter({ keyPrefix: 'contacts', points: getEnv().contactRateLimitPerHour, durationSeconds: 3600 });
    await consumeOrThrow(limiter, clientAddress(req, ctx), 'Too many messages from your network in the last hour. Please try again later or email us directly.');
    const id = await insertContact(getDb(), enquiry);
    return json({ id }, { status: 201 });
  },
});

export const config: Config = { path: '/api/contacts' };
