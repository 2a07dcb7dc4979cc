/**
 * The database bridge's HTTP query endpoint (scripts/lib/sql-over-http.mjs), which answers Neon's
 * `/sql` protocol in front of the run's real database so that the pages' reads (neon() over HTTP,
 * src/server/db/page-reads.ts) run locally through the driver code production runs: the driver's
 * answers, the database's refusals, an unreachable database, and the bridge's locks.
 */
import http from 'node:http';
import net from 'node:net';
import { neon, neonConfig } from '@neondatabase/serverless';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWsProxy } from '../../scripts/lib/ws-proxy.mjs';
import { isDatabaseUnavailable } from '../../src/server/db/errors.ts';
import { getDb } from '../../src/server/db/client.ts';
import { fetchWithinLimit, getPageReads } from '../../src/server/db/page-reads.ts';
import { unusedPort } from '../support/unused-port.ts';
import { withEnv } from '../support/with-env.ts';

const databaseUrl = process.env.DATABASE_URL!;
const target = new URL(databaseUrl);
const targetAddress = `${target.hostname}:${target.port || 5432}`;

describe("the bridge's HTTP query endpoint", () => {
  let bridge: Awaited<ReturnType<typeof startWsProxy>>;
  let posted = 0;
  beforeAll(async () => {
    bridge = await startWsProxy({ target: targetAddress, onHttpQuery: () => (posted += 1) });
    neonConfig.fetchEndpoint = bridge.sqlEndpoint;
  });
  afterAll(async () => {
    await bridge.stop();
  });

  /** One POST as the driver sends it, with `headers` over its own. */
  const post = (body: unknown, headers: Record<string, string> = {}, path = bridge.sqlEndpoint) =>
    fetch(path, {
      method: 'POST',
      headers: { 'Neon-Connection-String': databaseUrl, 'Neon-Raw-Text-Output': 'true', 'Neon-Array-Mode': 'true', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it("answers the driver's query with rows it parses by type, as Neon's endpoint does, and counts it", async () => {
    const before = posted;
    const query = neon(databaseUrl);
    const rows = await query.query(
      `select $1::int as n, 'a'::text as t, timestamptz '2026-11-29 10:00:00+00' as at, '{"a":[1,2]}'::jsonb as j, null::int as z, 12345678901::bigint as b, true as yes`,
      [7],
    );
    expect(rows).toEqual([{ n: 7, t: 'a', at: new Date('2026-11-29T10:00:00.000Z'), j: { a: [1, 2] }, z: null, b: '12345678901', yes: true }]);
    expect(posted - before).toBe(1);
  });

  it('sends the rows as text arrays with their fields, the command and the row count', async () => {
    const r = await post({ query: 'select $1::int as n, $2::text as t', params: ['1', 'x'] });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({
      command: 'SELECT',
      rowCount: 1,
      rows: [['1', 'x']],
      fields: [
        { name: 'n', dataTypeID: 23 },
        { name: 't', dataTypeID: 25 },
      ],
    });
  });

  it("answers a statement the database refuses with a 400 of the server's fields, which the driver raises with its code: a failure, not an outage", async () => {
    const r = await post({ query: 'select * from no_such_table', params: [] });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ message: 'relation "no_such_table" does not exist', code: '42P01', severity: 'ERROR' });
    const err = await neon(databaseUrl)
      .query('select * from no_such_table')
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'NeonDbError', code: '42P01', message: 'relation "no_such_table" does not exist' });
    expect(isDatabaseUnavailable(err)).toBe(false);
  });

  it('keeps its locks: no Origin, the secret path, POST alone, the one database, a JSON body', async () => {
    expect((await post({ query: 'select 1' }, { Origin: 'https://any-page.example' })).status).toBe(403);
    const { origin } = new URL(bridge.sqlEndpoint);
    expect((await post({ query: 'select 1' }, {}, `${origin}/sql`)).status).toBe(404);
    expect((await fetch(bridge.sqlEndpoint)).status).toBe(405);
    const elsewhere = new URL(databaseUrl);
    elsewhere.port = String(await unusedPort());
    const wrongTarget = await post({ query: 'select 1' }, { 'Neon-Connection-String': elsewhere.toString() });
    expect([wrongTarget.status, await wrongTarget.text()]).toEqual([403, 'The connection string must name the bridged database']);
    // Only the string's user, password and database are read: its parameters name no other server.
    const redirected = new URL(databaseUrl);
    redirected.searchParams.set('host', '10.0.0.5');
    redirected.searchParams.set('port', String(await unusedPort()));
    const here = await post({ query: 'select 1 as one' }, { 'Neon-Connection-String': redirected.toString() });
    expect([here.status, (await here.json()).rows]).toEqual([200, [['1']]]);
    const notJson = await post('select 1');
    expect([notJson.status, await notJson.json()]).toEqual([400, { message: 'The body must be JSON: { "query": "...", "params": [...] }' }]);
  });
});

describe('an HTTP query to a database that cannot be reached', () => {
  it("is a 502 the driver raises as 'Server error', which the pages answer as unavailable (503)", async () => {
    const closed = await unusedPort();
    const bridge = await startWsProxy({ target: `127.0.0.1:${closed}` });
    try {
      neonConfig.fetchEndpoint = bridge.sqlEndpoint;
      const err = await neon(`postgres://postgres:postgres@127.0.0.1:${closed}/postgres`)
        .query('select 1')
        .catch((e: unknown) => e);
      expect(err).toMatchObject({ name: 'NeonDbError' });
      expect((err as Error).message).toMatch(/^Server error \(HTTP status 502\): The database could not be reached: ECONNREFUSED$/);
      expect(isDatabaseUnavailable(err)).toBe(true);
    } finally {
      await bridge.stop();
    }
  });
});

describe('the pages\' fetch (fetchWithinLimit)', () => {
  /** A server that drops the connection of the first `drops` requests without an answer, then answers 'ok'. */
  async function dropping(drops: number) {
    let seen = 0;
    const server = http.createServer((req, res) => {
      seen += 1;
      if (seen <= drops) return void req.socket.destroy();
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/sql`,
      seen: () => seen,
      stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  it('sends a read again once when its socket closes before any answer (a kept-alive socket gone stale), and no more than once', async () => {
    const once = await dropping(1);
    try {
      const r = await fetchWithinLimit(once.url, { method: 'POST', body: '{}' });
      expect([r.status, await r.text(), once.seen()]).toEqual([200, 'ok', 2]);
    } finally {
      await once.stop();
    }
    const twice = await dropping(2);
    try {
      const err = await fetchWithinLimit(twice.url, { method: 'POST', body: '{}' }).catch((e: unknown) => e);
      expect([(err as Error).message, twice.seen()]).toEqual(['fetch failed', 2]);
      expect(isDatabaseUnavailable(err)).toBe(true);
    } finally {
      await twice.stop();
    }
  });

  it('does not send again to a refused address', async () => {
    const err = await fetchWithinLimit(`http://127.0.0.1:${await unusedPort()}/sql`, { method: 'POST', body: '{}' }).catch((e: unknown) => e);
    expect((err as { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED');
  });
});

describe('which path the pages read by (getPageReads)', () => {
  it("reads over HTTP where an endpoint answers them, and over the WebSocket bridge's connections where a bridge is named alone (one of the developer's own)", async () => {
    const overHttp = getPageReads();
    expect(overHttp).not.toBe(getDb());
    expect((await sql<{ one: number }>`select 1 as one`.execute(overHttp)).rows).toEqual([{ one: 1 }]);
    await withEnv({ DATABASE_SQL_ENDPOINT: '' }, async () => {
      expect(getPageReads()).toBe(getDb());
      expect((await sql<{ one: number }>`select 1 as one`.execute(getPageReads())).rows).toEqual([{ one: 1 }]);
    });
  });
});
