/**
 * CSV downloads (the Enquiries and Subscribers exports): RFC 4180 through csv-stringify (CRLF
 * record ends, quoting where needed), a header row, UTF-8 with a byte-order mark so Excel reads
 * the encoding right, and every cell that a spreadsheet would run as a formula neutralised.
 */
import { stringify } from 'csv-stringify/sync';
import { API_SECURITY_HEADERS } from '../security-headers.ts';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null;
}

const BOM = '\uFEFF';

/**
 * OWASP's CSV injection rule: a cell starting with =, +, -, @, tab or carriage return is read as a
 * formula (or a formula's start) by Excel, LibreOffice and Sheets, so it gets a leading apostrophe,
 * which those show as text. https://owasp.org/www-community/attacks/CSV_Injection
 */
export function neutraliseCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const records = rows.map((row) =>
    columns.map((c) => {
      const value = c.value(row);
      return value === null ? '' : typeof value === 'number' ? String(value) : neutraliseCell(value);
    }),
  );
  return BOM + stringify([columns.map((c) => c.header), ...records], { record_delimiter: 'windows' });
}

/** The download: `{name}-{date}.csv`, never cached. */
export function csvResponse(name: string, body: string, now = new Date()): Response {
  return new Response(body, {
    headers: {
      ...API_SECURITY_HEADERS,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}-${now.toISOString().slice(0, 10)}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}
