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

/**
 * What became of a keyed create, from its statement's rows (its insert, which does nothing when the
 * key is stored, united with a read of the row stored under the key, each row flagged `inserted`).
 * Neither inserted nor read means the key's row was committed while the statement ran (its insert
 * waited on the key, then did nothing; its snapshot was taken before): it is read again, there now.
 * A stored row holding what was `sent` is a retry, answered with it; other content misuses the key.
 */
export async function creationOf<Row extends object, T>(
  rows: readonly (Row & { inserted: boolean })[],
  storedUnderKey: () => Promise<Row | undefined>,
  sent: Partial<Row>,
  toItem: (row: Row) => T,
): Promise<Creation<T>> {
  const inserted = rows.find((r) => r.inserted);
  if (inserted) return { outcome: 'stored', item: toItem(inserted) };
  const earlier = rows[0] ?? (await storedUnderKey());
  if (!earlier) throw new Error('the row was neither stored nor found under its key');
  return holdsSent(earlier, sent) ? { outcome: 'replayed', item: toItem(earlier) } : { outcome: 'key-reused' };
}
