/**
 * What the admin panel's create form sends as `submissionId` with the article or service it
 * creates: a UUID made once per opened form (src/lib/submission-key.ts) and sent again with every retry
 * of it, so a Create pressed again after its first answer was lost after the commit is answered
 * with the row stored then (200) rather than storing it twice; the same key with other content is
 * refused (409 naming this field, with that row as `stored`, which the form then edits).
 * Optional: an API client that sends none creates as before. Its own module, not fields.ts: the
 * public forms' bundles carry fields.ts, and never create these.
 * (The enquiry form's key, of the same name and meaning, is in enquiry.ts, in zod/mini.)
 */
import { z } from 'zod';
// Sets zod jitless before the schema below is built (fields.ts says why).
import './fields';

export const submissionIdField = z.uuid({ error: 'Must be a UUID' }).optional();
