// POST /api/contacts: an enquiry from the Get in Touch dialog or the contact page, as JSON (the
// islands) or as a plain form post (the contact page before or without JavaScript). The enquiry and
// the firm's e-mail notice of it are committed together; the answer goes as soon as they are, and
// the notice is sent after it (never waited on: the inbox works even when mail does not).
// An enquiry sent again with a submissionId already stored (its first answer was lost after the
// commit) stores nothing, queues no notice and spends no rate-limit point: it is answered as the
// first send was, 201 with that enquiry's id; with different content under that key, 409. A plain
// form post carries no key: its key is derived from its client's address, content and ten-minute window.
import type { Config } from '@netlify/functions';
import { enquirySchema } from '../../src/schemas/enquiry.ts';
import { getDb } from '../../src/server/db/client.ts';
import { isFormPost, readSubmission, withFormPosts } from '../../src/server/http/form-post.ts';
import { derivedSubmissionKey } from '../../src/server/derived-submission-key.ts';
import { conflict } from '../../src/server/http/errors.ts';
import { route } from '../../src/server/http/handler.ts';
import { clientAddress } from '../../src/server/http/request-context.ts';
import { json } from '../../src/server/http/respond.ts';
import { enquiryLimiter, givePointBack, overLimit, spendPoint } from '../../src/server/rate-limit.ts';
import { enquiryNotice } from '../../src/server/mail/enquiry-notice.ts';
import { sendAfterResponse } from '../../src/server/outbox/after-response.ts';
import { insertEnquiryWithNotice } from '../../src/server/repositories/enquiries.ts';
import { FORM_SENT_IDS, PAGE_PATHS } from '../../src/lib/permalinks.ts';
import { enquiryRefusals } from '../../src/content/form-outcomes.ts';

export default route({
  POST: withFormPosts({ form: PAGE_PATHS.contact, sent: FORM_SENT_IDS.enquiry }, async (req, ctx) => {
    const sent = await readSubmission(req, enquirySchema);
    // The honeypot is filled by bots only: answer as if stored, so they learn nothing, and keep nothing.
    if (sent.website) return json({}, { status: 201 });
    const client = clientAddress(ctx);
    const enquiry = sent.submissionId === undefined && isFormPost(req) ? { ...sent, submissionId: derivedSubmissionKey(client, sent) } : sent;
    const limiter = enquiryLimiter();
    // The client's rate-limit point, the enquiry and its notice: one statement, one round trip.
    const written = await insertEnquiryWithNotice(getDb(), enquiry, (receivedAt) => enquiryNotice(enquiry, receivedAt), {
      spend: (onlyIf) => spendPoint(limiter, client, { onlyIf }),
      giveBack: (spent, onlyIf) => givePointBack(limiter, client, spent, { onlyIf }),
      allowed: limiter.points,
    });
    switch (written.outcome) {
      case 'over-limit':
        throw overLimit(written.spent, enquiryRefusals.overLimit);
      // The same key with other content is refused rather than answered as the stored enquiry: a
      // 201 would tell the visitor their changed words reached the firm, and they did not. The form
      // makes a new key whenever the content changes, so only a client misusing its key meets this.
      case 'key-reused':
        throw conflict('This submission was already sent with different content.', {
          submissionId: 'Already used for a different enquiry; send this one with a new key',
        });
      // A retry of a stored enquiry (its first answer was lost) is answered as the first was, and
      // stored nothing more. The first request may have died before sending its notice: the outbox
      // sender runs after this answer too, and finds the notice if it is still due.
      case 'replayed':
      case 'stored':
        sendAfterResponse(ctx, { table: 'enquiries', id: written.id });
        return json({ id: written.id }, { status: 201 });
    }
  }),
});

export const config: Config = { path: '/api/contacts' };
