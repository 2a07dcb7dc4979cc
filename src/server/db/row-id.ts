/** Postgres `integer` (every table's serial id) holds at most this. */
const MAX_ROW_ID = 2_147_483_647;

/**
 * The row id a string names: a positive whole number within the integer range, written without a
 * sign or a leading zero (so one id has one spelling); otherwise null.
 */
export function parseRowId(raw: string | undefined): number | null {
  return raw !== undefined && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= MAX_ROW_ID ? Number(raw) : null;
}
