/**
 * A submission key derived on the server, where the client sent none: an enquiry's submissionId
 * when it comes from the plain HTML form, and every newsletter sign-up's signupKey (below). Beside
 * src/lib/submission-key.ts, whose random key a form's island sends itself.
 *
 * An enquiry posted by a plain HTML form (no JavaScript, or before the island loads) can carry no
 * key of its own: /contact is one cached copy per link context, so a key in its HTML would be
 * every visitor's. Without one, a double click on Send, or a resubmission after a lost answer,
 * stored the enquiry twice and sent the firm two notices.
 *
 * The key is derived from what makes two posts the same submission: the client's address, every
 * field as the schema left it, and the ten-minute window the post arrives in. The same words again
 * from the same address within the window are a retry, answered as the first send was (303, no
 * second row, notice or rate-limit point: docs/decisions/0026); changed words make another key, so
 * they are stored as the new enquiry they are. A post on each side of a window's edge is stored
 * twice, as before. The address is clientAddress's, the port a proxy may write with it left out,
 * so a retry over a new connection is still the same client.
 *
 * The newsletter derives one the same way from the client's address and the e-mail address, for every sign-up (its
 * island sends no key either): a sign-up posted again (a double click, a resubmission) spends no
 * rate-limit point, so it is never refused as over the limit, and the plain form is answered with
 * its page at the subscribed fragment again, where it was told 'already subscribed' about the sign-up it had just
 * made (the island's JSON is answered 409, as about any listed address). It looks for the key of
 * this window and of the one before, with the sign-up made within a window's length, so a repeat
 * across a window's edge is a repeat too.
 */
import { createHash } from 'node:crypto';
import { uuidOf } from '../lib/submission-key.ts';

export const SUBMISSION_KEY_WINDOW_MS = 10 * 60 * 1000;

/** A UUID (RFC 9562 version 8, the custom one) from SHA-256 over the client's address, the window and the fields. */
export function derivedSubmissionKey(client: string, fields: Record<string, unknown>, now = Date.now()): string {
  const window = Math.floor(now / SUBMISSION_KEY_WINDOW_MS);
  const named = Object.keys(fields)
    .sort()
    .map((name) => [name, fields[name] ?? null]);
  return uuidOf(createHash('sha256').update(JSON.stringify([client, window, named])).digest(), 8);
}

/**
 * The keys a post repeating one made up to a window ago may have been stored under: this window's
 * and the one before's (the caller also holds the first post to a window's length ago).
 */
export function recentDerivedSubmissionKeys(client: string, fields: Record<string, unknown>, now = Date.now()): string[] {
  return [derivedSubmissionKey(client, fields, now), derivedSubmissionKey(client, fields, now - SUBMISSION_KEY_WINDOW_MS)];
}
