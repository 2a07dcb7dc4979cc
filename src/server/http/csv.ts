/**
 * CSV downloads (the Enquiries and Subscribers exports): RFC 4180 through csv-stringify (CRLF
 * record ends, quoting where needed, any line break included), a header row, UTF-8 with a
 * byte-order mark so Excel reads the encoding right, and every cell that a spreadsheet would run
 * as a formula neutralised.
 */
import { stringify } from 'csv-stringify/sync';
import { firmDate } from '../../lib/firm-time.ts';
import { holdRequestDatabase } from '../db/client.ts';
import type { ExportBudget } from '../db/keyset.ts';
import { getEnv } from '../env.ts';
import { badRequest } from './errors.ts';
import { API_SECURITY_HEADERS } from './security-headers.ts';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null;
}

const BOM = '\uFEFF';

/**
 * A cell starting with =, +, -, @, tab or carriage return is read as a formula (or a formula's
 * start) by Excel, LibreOffice and Sheets, so an enquirer could make the firm's spreadsheet run one:
 * it gets a leading apostrophe, which those show as text.
 * Their full-width forms (＝ ＋ － ＠) too: Excel in East Asian locales reads those as the same signs.
 * And their small forms (﹦ ﹢ ﹣ ﹫), which Unicode's compatibility folding makes the same signs as
 * it does the full-width ones.
 */
export function neutraliseCell(text: string): string {
  return /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B]/.test(text) ? `'${text}` : text;
}

function cell(value: string | number | null): string {
  return value === null ? '' : typeof value === 'number' ? String(value) : neutraliseCell(value);
}

// csv-stringify quotes a cell holding the record delimiter (CRLF) but not a bare LF or CR, which
// every spreadsheet reads as a new record: a textarea's line breaks would split an enquiry in two,
// and a line starting with = would become a formula cell of its own. Nor a semicolon, which Excel
// set to a European list separator splits a .csv on (quotes still group a cell there): 'Acme;=1+1'
// would be the cells 'Acme' and a formula.
const lines = (cells: string[][]) => stringify(cells, { record_delimiter: 'windows', quoted_match: /[\r\n;]/ });
const records = <T>(columns: readonly CsvColumn<T>[], rows: readonly T[]) => lines(rows.map((row) => columns.map((c) => cell(c.value(row)))));

/**
 * The most a cell adds to its column's text as the export's size check counts it (a whole row as a
 * record, src/server/db/keyset.ts exceedsBudget): two quotes round a cell the record leaves bare
 * (one holding a semicolon) and the apostrophe of a formula-like cell; a time, 24 characters in
 * ISO 8601 against the record's 22 or more, needs two. The record's parentheses pay for the row's
 * CRLF, and its commas for the cells' (it has a column for every cell, and some the CSV leaves out).
 */
const CELL_EXTRA_BYTES = 3;

/**
 * The room the rows of a CSV of `columns` have under `maxBytes`: the limit less its byte-order
 * mark and header row, each row counted as its record plus what its cells may add. Negative when
 * the header alone passes the limit.
 */
function rowBudget<T>(columns: readonly CsvColumn<T>[], maxBytes: number): ExportBudget {
  const head = new TextEncoder().encode(BOM + lines([columns.map((c) => c.header)])).length;
  return { bytes: maxBytes - head, perRow: columns.length * CELL_EXTRA_BYTES };
}

/** A size as an admin reads it: '20 MB', '50 kB'. */
function sizeText(bytes: number): string {
  const [unit, name] = bytes >= 1_000_000 ? [1_000_000, 'MB'] : [1000, 'kB'];
  return `${new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 }).format(bytes / unit)} ${name}`;
}

/**
 * The download, `{name}-{date}.csv` (the firm's date, as the inbox shows its times), never cached,
 * streamed a batch at a time: an export of any size holds one batch in memory.
 * Its size is bounded before anything is read: a streamed answer past EXPORT_MAX_BYTES (Netlify's
 * 20 MB) would stop partway with nothing to tell the admin, so an export whose rows pass the room
 * the limit leaves them (`exceeds`, asked in one statement over the same filter) is a 400 saying to
 * narrow the list with its status filter or a search, and a download that starts always ends whole.
 * The first batch is read before answering, so a database that cannot be reached still gets the
 * API's error answer; a fault after the first bytes cuts the download off (the browser reports a
 * failed download) rather than ending it as if it were whole.
 */
export async function csvDownload<T>(
  name: string,
  columns: readonly CsvColumn<T>[],
  exceeds: (budget: ExportBudget) => Promise<boolean>,
  batches: AsyncIterable<T[]>,
  now = new Date(),
): Promise<Response> {
  const { exportMaxBytes } = getEnv();
  const budget = rowBudget(columns, exportMaxBytes);
  if (budget.bytes < 0 || (await exceeds(budget))) {
    throw badRequest(
      `Too many ${name} to export at once: the file would pass the ${sizeText(exportMaxBytes)} a download can hold. ` +
        `Choose a status or search to export fewer at a time.`,
    );
  }
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  const encoder = new TextEncoder();
  const { promise: finished, resolve: finish } = Promise.withResolvers<void>();
  // The later batches are read after this answer has left the handler, with its connections.
  holdRequestDatabase(finished);
  // A download let go while its next batch is being read (as the Export CSV button's first
  // request is, which reads the status alone) has nowhere to put that batch: it is dropped, not
  // logged as an export cut off, which would put an error in the log at every export.
  let abandoned = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const header = lines([columns.map((c) => c.header)]);
      controller.enqueue(encoder.encode(BOM + header + (first.done ? '' : records(columns, first.value))));
    },
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (abandoned) return;
        if (next.done) {
          controller.close();
          finish();
        } else controller.enqueue(encoder.encode(records(columns, next.value)));
      } catch (err) {
        console.error(`[api] ${name} export cut off:`, err instanceof Error ? err.message : err);
        controller.error(err);
        finish();
      }
    },
    async cancel() {
      abandoned = true;
      try {
        await iterator.return?.(undefined);
      } finally {
        finish();
      }
    },
  });
  return new Response(body, {
    headers: {
      ...API_SECURITY_HEADERS,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}-${firmDate(now)}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}
