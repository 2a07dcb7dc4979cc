/**
 * The on-demand pages' reads (the Insights list, an article, the services, the feed, the sitemap):
 * each statement one HTTPS request to Neon's query endpoint, the serverless driver's `neon()`,
 * through Kysely's Neon dialect (kysely-org's kysely-neon). A page reads with one statement, and a
 * WebSocket connection costs it the socket's opening and the session's start-up before that
 * statement, with none of what a session is for (transactions, several statements in a row). This
 * is the path Neon and Netlify Database name for one-shot queries from functions. Writes, and
 * anything needing a transaction, take the connections of src/server/db/client.ts.
 *
 * Locally the database bridge answers the same protocol at DATABASE_SQL_ENDPOINT
 * (scripts/lib/sql-over-http.mjs), so the local runtime and the tests read through the very code
 * production does. A WebSocket bridge named alone (DATABASE_WS_PROXY of the developer's own, such
 * as Neon's wsproxy) answers no HTTP queries: the reads then take its connections.
 */
import { neon, neonConfig } from '@neondatabase/serverless';
import { CamelCasePlugin, Kysely } from 'kysely';
import { NeonDialect } from 'kysely-neon';
import { getEnv } from '../env.ts';
import { socketFailureCode } from '../socket-failure.ts';
import { getDb, REQUEST_LIMITS } from './client.ts';
import type { Database } from './schema.ts';

/**
 * A kept-alive socket the endpoint closed while the instance sat frozen between invocations fails
 * the next request written on it before any answer ('other side closed', a reset). A read is safe
 * to send again, once, on a fresh socket.
 */
const STALE_SOCKET = new Set(['UND_ERR_SOCKET', 'ECONNRESET']);

/**
 * fetch for the driver's queries: bounded by the request's query limit (an answer that never comes
 * fails within it, as a statement on a connection does, and the page answers 503), and sent again
 * once on a kept-alive socket found closed.
 */
export async function fetchWithinLimit(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const signal = AbortSignal.timeout(REQUEST_LIMITS.queryMs);
  try {
    return await fetch(input, { ...init, signal });
  } catch (err) {
    const code = socketFailureCode(err);
    if (!code || !STALE_SOCKET.has(code) || signal.aborted) throw err;
    return fetch(input, { ...init, signal });
  }
}
neonConfig.fetchFunction = fetchWithinLimit;

/** One per database (tests switch DATABASE_URL between files); an HTTP handle holds no connection to end. */
const readers = new Map<string, Kysely<Database>>();

/** The Kysely handle the pages read with. */
export function getPageReads(): Kysely<Database> {
  const env = getEnv();
  if (env.databaseWsProxy && !env.databaseSqlEndpoint) return getDb();
  if (env.databaseSqlEndpoint) neonConfig.fetchEndpoint = env.databaseSqlEndpoint;
  let db = readers.get(env.databaseUrl);
  if (!db) {
    db = new Kysely<Database>({ dialect: new NeonDialect({ neon: neon(env.databaseUrl) }), plugins: [new CamelCasePlugin()] });
    readers.set(env.databaseUrl, db);
  }
  return db;
}
