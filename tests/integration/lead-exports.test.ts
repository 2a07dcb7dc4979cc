// The Enquiries and Subscribers CSV exports at a size past one batch, on a database of this file's
// own: every row exactly once in newest-first order across batch boundaries (ties and times that
// differ only in microseconds included), and a database cut mid-download, through a TCP proxy of
// the test's own, cuts the download off instead of ending it as if it were whole. The
// connections an export holds are given back however its download ends.
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import inbox from '../../netlify/functions/enquiries.ts';
import subscribers from '../../netlify/functions/subscribers.ts';
import { closeDb, getDb } from '../../src/server/db/client.ts';
import { EXPORT_BATCH_SIZE } from '../../src/server/db/keyset.ts';
import { exportEnquiries } from '../../src/server/repositories/enquiries.ts';
import { exportSubscribers } from '../../src/server/repositories/subscribers.ts';
import { adminSession } from '../support/admin-session.ts';
import { ORIGIN } from '../support/call.ts';
import { routeDatabaseThroughFaultProxy } from '../support/database-through-fault-proxy.ts';
import { useOwnDatabase } from '../support/own-database.ts';
import { withEnv } from '../support/with-env.ts';

const ENQUIRIES = 2 * EXPORT_BATCH_SIZE + 234;
const SUBSCRIBERS = 2 * EXPORT_BATCH_SIZE;

let own: { stop: () => Promise<void> };
let cookie: string;

beforeAll(async () => {
  own = await useOwnDatabase();
  cookie = (await adminSession()).cookie;
  const db = getDb();
  // One a minute, so the newest is the last inserted; ids follow the same order.
  await sql`insert into enquiries (first_name, last_name, email, phone, company, message, created_at)
    select 'Bulk', 'Number ' || i, 'bulk' || i || '@example.com', '+61 400 000 000', 'Bulk Ltd', 'Message ' || i,
      timestamptz '2026-01-01T00:00:00Z' + i * interval '1 minute'
    from generate_series(1, ${ENQUIRIES}) as i`.execute(db);
  await sql`insert into subscribers (email, subscribed_at, status)
    select 'reader' || i || '@example.com', timestamptz '2026-01-01T00:00:00Z' + i * interval '1 minute', 'subscribed'
    from generate_series(1, ${SUBSCRIBERS}) as i`.execute(db);
  // Times one millisecond holds: a Date cursor would lose what tells them apart.
  await sql`insert into enquiries (first_name, last_name, email, phone, company, message, created_at)
    select 'Tie', 'Number ' || i, 'tie' || i || '@example.com', '+61 400 000 000', 'Microsecond Ltd', 'Message',
      timestamptz '2025-06-01T00:00:00.123000Z' + (i % 4) * interval '1 microsecond'
    from generate_series(1, 11) as i`.execute(db);
  await sql`insert into subscribers (email, subscribed_at, status)
    select 'tie' || i || '@micro.example', timestamptz '2025-06-01T00:00:00.123000Z' + (i % 4) * interval '1 microsecond', 'subscribed'
    from generate_series(1, 11) as i`.execute(db);
});

afterAll(async () => {
  await own.stop();
});

const request = (path: string) => new Request(new URL(path, ORIGIN), { headers: { cookie } });

async function download(handler: typeof inbox, path: string): Promise<Record<string, string>[]> {
  const res = await handler(request(path), { params: {} });
  expect(res.status).toBe(200);
  return parse(await res.text(), { bom: true, columns: true }) as Record<string, string>[];
}

async function collect<T>(batches: AsyncIterable<T[]>): Promise<{ sizes: number[]; items: T[] }> {
  const sizes: number[] = [];
  const items: T[] = [];
  for await (const batch of batches) {
    sizes.push(batch.length);
    items.push(...batch);
  }
  return { sizes, items };
}

describe('an export past one batch', () => {
  it('holds every enquiry once, newest first', async () => {
    const records = await download(inbox, '/api/enquiries?format=csv&search=bulk');
    expect(records).toHaveLength(ENQUIRIES);
    expect(records.map((r) => r['Last name'])).toEqual(Array.from({ length: ENQUIRIES }, (_, i) => `Number ${ENQUIRIES - i}`));
    expect(records.at(-1)!.Received).toBe('2026-01-01T00:01:00.000Z');
  });

  it('holds every subscriber once when the rows fill the last batch exactly', async () => {
    const records = await download(subscribers, '/api/subscribers?format=csv&search=reader');
    expect(records).toHaveLength(SUBSCRIBERS);
    expect(records.map((r) => r.Email)).toEqual(Array.from({ length: SUBSCRIBERS }, (_, i) => `reader${SUBSCRIBERS - i}@example.com`));
  });

  it("ends without an error when its download is abandoned, as the Export CSV button's first request is", async () => {
    const logged: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    try {
      const res = await inbox(request('/api/enquiries?format=csv&search=bulk'), { params: {} });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      await reader.read();
      // The next batch is being read when the reader lets the answer go (the panel's probe).
      await new Promise((resolve) => setTimeout(resolve, 0));
      await reader.cancel();
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      spy.mockRestore();
    }
    expect(logged).toEqual([]);
  });

  it('answers only the header row when nothing matches', async () => {
    const res = await inbox(request('/api/enquiries?format=csv&search=nobody-matches-this'), { params: {} });
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())).toBe('\uFEFFID,Received,Status,First name,Last name,Email,Phone,Company,Service,Page,Button,Message,Notice,Notice error\r\n');
  });
});

describe('the batch boundary', () => {
  /** The order the database itself gives, at full precision. */
  const expectedOrder = async (table: 'enquiries' | 'subscribers', time: string, where: string) =>
    (await sql<{ id: number }>`select id from ${sql.table(table)} where ${sql.raw(where)} order by ${sql.ref(time)} desc, id desc`.execute(getDb())).rows.map(
      (r) => r.id,
    );

  it('splits enquiries whose times differ in microseconds, or not at all, without a loss or a repeat', async () => {
    const expected = await expectedOrder('enquiries', 'created_at', `company = 'Microsecond Ltd'`);
    expect(expected).toHaveLength(11);
    for (const size of [1, 2, 3, 4]) {
      const { sizes, items } = await collect(exportEnquiries(getDb(), { search: 'Microsecond' }, size));
      expect(items.map((e) => e.id)).toEqual(expected);
      expect(sizes.every((n) => n <= size)).toBe(true);
    }
  });

  it('does the same for subscribers', async () => {
    const expected = await expectedOrder('subscribers', 'subscribed_at', `email like '%@micro.example'`);
    expect(expected).toHaveLength(11);
    for (const size of [1, 2, 3, 4]) {
      const { items } = await collect(exportSubscribers(getDb(), { search: '@micro.example', status: 'all' }, size));
      expect(items.map((s) => s.id)).toEqual(expected);
    }
  });
});

describe('an export past the size a download can hold', () => {
  const HOSTILE = 40;

  beforeAll(async () => {
    // The cells a CSV grows most on against the row as the database writes it: a semicolon (quoted
    // in the CSV only), a formula sign (an apostrophe), quotes, line breaks, letters of several
    // bytes, and times at whole seconds (ISO's 24 characters against the record's 22).
    await sql`insert into enquiries (first_name, last_name, email, phone, company, message, service, page, cta_button, status, created_at)
      select '=Ünïcødé;' || i, '+"Quoted";', 'h' || i || '@example.com', '-1;2', '@Acme;Ltd', 'Line;one' || chr(10) || '=two "quoted" ' || repeat('é;', 40),
        ';', ';', ';', 'archived', timestamptz '2024-01-01T00:00:00Z' + i * interval '1 second'
      from generate_series(1, ${HOSTILE}) as i`.execute(getDb());
  });

  const answer = (handler: typeof inbox, path: string) => handler(request(path), { params: {} });

  it('is refused before anything is read when its bound passes EXPORT_MAX_BYTES, the message naming the filter to narrow it by; narrowed, it downloads whole', async () => {
    const whole = await answer(inbox, '/api/enquiries?format=csv&status=archived');
    expect(whole.status).toBe(200);
    const bytes = (await whole.arrayBuffer()).byteLength;

    // One byte short of the file as it comes: refused, never started and cut off at the limit.
    await withEnv({ EXPORT_MAX_BYTES: String(bytes - 1) }, async () => {
      const refused = await answer(inbox, '/api/enquiries?format=csv&status=archived');
      expect([refused.status, refused.headers.get('content-type')]).toEqual([400, 'application/json; charset=utf-8']);
    });

    await withEnv({ EXPORT_MAX_BYTES: '50000' }, async () => {
      const all = await answer(inbox, '/api/enquiries?format=csv');
      expect(all.status).toBe(400);
      expect(await all.json()).toEqual({
        error: 'Too many enquiries to export at once: the file would pass the 50 kB a download can hold. Choose a status or search to export fewer at a time.',
      });
      const narrowed = await download(inbox, '/api/enquiries?format=csv&status=archived');
      expect(narrowed).toHaveLength(HOSTILE);
      expect(narrowed[0]).toMatchObject({ 'First name': "'=Ünïcødé;40", Company: "'@Acme;Ltd", Received: '2024-01-01T00:00:40.000Z' });

      const readers = await answer(subscribers, '/api/subscribers?format=csv&status=all');
      expect(readers.status).toBe(400);
      expect(await readers.json()).toEqual({
        error: 'Too many subscribers to export at once: the file would pass the 50 kB a download can hold. Choose a status or search to export fewer at a time.',
      });
      expect(await download(subscribers, '/api/subscribers?format=csv&status=all&search=tie')).toHaveLength(11);
    });
  });
});

describe('a download and the database', () => {
  let fault: Awaited<ReturnType<typeof routeDatabaseThroughFaultProxy>>;

  beforeAll(async () => {
    await closeDb();
    fault = await routeDatabaseThroughFaultProxy();
  });

  afterAll(async () => {
    await fault.restore();
  });

  /** Waits for the connections the proxy carries to reach `n` (closing is asynchronous). */
  async function openConnections(n: number): Promise<number> {
    for (let i = 0; i < 50 && fault.proxy.open !== n; i += 1) await new Promise((r) => setTimeout(r, 20));
    return fault.proxy.open;
  }

  it('is cut off, not ended as if whole, when the database goes mid-download; the next one is whole', async () => {
    const res = await inbox(request('/api/enquiries?format=csv&search=bulk'), { params: {} });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    await fault.proxy.setMode('terminate');
    let bytes = first.value!.byteLength;
    const ending = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return 'ended';
        bytes += value.byteLength;
      }
    })();
    await expect(ending).rejects.toThrow();
    expect(bytes).toBeGreaterThan(0);
    expect(await openConnections(0)).toBe(0);

    await fault.proxy.heal();
    const records = await download(inbox, '/api/enquiries?format=csv&search=bulk');
    expect(records).toHaveLength(ENQUIRIES);
    expect(await openConnections(0)).toBe(0);
  });

  it('gives its connections back when the download is abandoned', async () => {
    const res = await inbox(request('/api/enquiries?format=csv&search=bulk'), { params: {} });
    const reader = res.body!.getReader();
    await reader.read();
    expect(fault.proxy.open).toBe(1);
    await reader.cancel();
    expect(await openConnections(0)).toBe(0);
  });
});
