/**
 * A create sent with a `submissionId` (the admin panel's create form: src/schemas/submission-id.ts)
 * stores one row however often it is sent: the repositories insert with ON CONFLICT on the key's
 * unique index, and answer a send whose key is stored with what became of it.
 */
import { isDeepStrictEqual } from 'node:util';

/** What became of a create. */
export type Creation<T> =
  /** Stored now. */
  | { outcome: 'stored'; item: T }
  /** Its key was stored before with this very content (a retry whose answer was lost): that item, nothing written. */
  | { outcome: 'replayed'; item: T }
  /** Its key was stored before with other content: nothing written. */
  | { outcome: 'key-reused' };

/**
 * Whether the row stored under a key holds what a send of that key would store: each column of
 * `sent` equal to the stored one (arrays item by item, times to the millisecond, null as null).
 */
export const holdsSent = <Row extends object>(stored: Row, sent: Partial<Row>): boolean =>
  (Object.keys(sent) as (keyof Row)[]).every((column) => isDeepStrictEqual(stored[column], sent[column]));
