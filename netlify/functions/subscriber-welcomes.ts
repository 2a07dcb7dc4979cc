// POST /api/subscribers/:id/welcome (admin) -> the subscriber, its welcome pending again: sends a
// welcome that gave up (every attempt failed, or the mail server refused it for good) once more, to
// the subscriber's address, right after the answer and then on the scheduled retries. 409 while the
// welcome is pending or sent, or once the address has unsubscribed; 404 for an unknown subscriber or
// one without a welcome.
import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/server/auth/session.ts';
import { getDb } from '../../src/server/db/client.ts';
import { conflict, notFound } from '../../src/server/http/errors.ts';
import { idParam, route } from '../../src/server/http/handler.ts';
import { json } from '../../src/server/http/respond.ts';
import { sendAfterResponse } from '../../src/server/outbox/after-response.ts';
import { findSubscriber, requeueFailedWelcome } from '../../src/server/repositories/subscribers.ts';

const NOT_FOUND = 'Subscriber or welcome not found';

export default route({
  POST: async (req, ctx) => {
    const db = getDb();
    await requireAdmin(req);
    const id = idParam(ctx);
    const outcome = await requeueFailedWelcome(db, id);
    if (outcome === 'missing') throw notFound(NOT_FOUND);
    if (outcome === 'unsubscribed') throw conflict('This address has unsubscribed: it is sent no welcome');
    if (outcome === 'not-failed') throw conflict('This welcome has not failed: it is sent, or still being tried');
    // Read before the send starts: the answer shows the welcome as it was put back, pending.
    const subscriber = await findSubscriber(db, id);
    if (!subscriber) throw notFound(NOT_FOUND); // deleted meanwhile, its welcome with it
    sendAfterResponse(ctx, { table: 'subscribers', id });
    return json(subscriber);
  },
});

export const config: Config = { path: '/api/subscribers/:id/welcome' };
