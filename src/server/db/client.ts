import { AsyncLocalStorage } from 'node:async_hooks';
import { Pool, neonConfig, type PoolConfig } from '@neondatabase/serverless';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import WebSocket from 'ws';
import { getEnv, type ServerEnv } from '../env.ts';
import type { Database } from './schema.ts';
import { isQueryReadTimeout } from './errors.ts';

/**
 * Time limits of a request's database work. A database that refuses, hangs or drops the session
 * turns into an error within about 5 s (which the handler answers with 503), never a hang.
 * - connect: a new connection (WebSocket, startup, authentication) ready for its first query;
 * - statement: the server cancels a statement that runs longer (sent as a startup parameter, so it
 *   costs no round trip; left out where a pooler may refuse it: requestLimits);
 * - query: the client gives up on a statement whose answer never comes (a silent network), a
 *   little after the server's own limit, so the server's cancel normally comes first.
 */
export const REQUEST_LIMITS = { connectMs: 4_000, statementMs: 4_000, queryMs: 4_500 } as const;

/** Scripts (migrations at deploy, seeding, the admin command) wait longer and run any statement to its end. */
const SCRIPT_LIMITS = { connectMs: 10_000 } as const;

export interface DbLimits {
  connectMs: number;
  statementMs?: number;
  queryMs?: number;
}

/**
 * Points the Neon driver at a WebSocket-to-TCP proxy so that the same driver reaches a plain
 * Postgres: the embedded PGlite of the local runtime, or the CI server. Production leaves it unset.
 * (The pages' HTTP queries have an endpoint of their own: src/server/db/page-reads.ts.)
 */
export function configureNeonProxy(proxy: string | undefined): void {
  if (!proxy) return;
  neonConfig.wsProxy = (host, port) => `${proxy}?address=${host}:${port}`;
  neonConfig.useSecureWebSocket = false;
  // Pipelining the startup and TLS messages fails against SCRAM authentication on a stock server.
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
}

/**
 * @neondatabase/serverless 1.2.0: its socket's `write(data, encoding, callback)` ignores Node's
 * `write(data, callback)` form, which pg's `Connection.end()` uses to close the socket once the
 * Terminate message is out. So `client.end()` never closes the WebSocket (and never resolves): the
 * socket lives on until the server hangs up, and a server that does not (PGlite's socket server)
 * or a network that drops it later raises an error on a client nobody listens to any more. This
 * accepts both forms; the callback waits a timer's turn, so that writes the driver still holds
 * (should coalescing be on again, below) go out before the socket closes. Closing is not on the
 * answer's path. Patched once per process, whichever bundle loads first.
 */
const WRITE_FIXED = Symbol.for('site.neonSocketWriteCallback');
type SocketWrite = (this: unknown, data: unknown, encoding?: unknown, callback?: () => void) => boolean;
const socketProto = (neonConfig as unknown as { prototype: Record<PropertyKey, unknown> & { write: SocketWrite } }).prototype;
if (!socketProto[WRITE_FIXED]) {
  const write = socketProto.write;
  socketProto.write = function (this: unknown, data: unknown, encoding?: unknown, callback?: () => void) {
    if (typeof encoding !== 'function') return write.call(this, data, encoding, callback);
    const done = encoding as () => void;
    return write.call(this, data, undefined, () => setTimeout(done, 0));
  };
  socketProto[WRITE_FIXED] = true;
}

// The driver's WebSocket: `ws`, as Neon's guide for Node sets it up, rather than Node's built-in
// WebSocket, which opens each connection through undici's whole fetch machinery: a connection with
// two queries cost 2.6 ms of CPU with `ws` and 4.1 ms with the built-in one (ADR 14), paid by every
// invocation that reads the database.
neonConfig.webSocketConstructor = WebSocket;

// Each message goes out as it is written. The driver's default gathers the writes of one turn of
// the event loop into one WebSocket message by flushing them on a zero timer, and Node runs no
// timer sooner than 1 ms: every round trip (the startup, each statement) waited a millisecond
// before it left, idle. An article page (a connection and one statement) spent about 2.5 ms of its
// 10 so; a few more small frames per statement cost less than that (ADR 35).
neonConfig.coalesceWrites = false;

/**
 * The limits of a request's connections to the configured database: without the statement limit
 * where connections may carry no startup parameter (src/server/db/database-url.ts,
 * takesStartupParameters), the query limit alone bounding each statement there.
 */
function requestLimits(env: ServerEnv): DbLimits {
  if (env.databaseTakesStartupParameters) return REQUEST_LIMITS;
  const { statementMs: _sentAtStartup, ...limits } = REQUEST_LIMITS;
  return limits;
}

const quiet = () => {};

type PooledClient = { on(event: 'error', listener: (err: Error) => void): unknown; query: (...args: unknown[]) => unknown; end(): Promise<void> };

/**
 * A connection whose answer never came (the query limit passed) is still waiting for it: pg gives
 * up on the query but keeps the connection, and Kysely hands it back to the pool as sound, so the
 * next statement of the request (a sign-in giving back its throttle points) or of another request
 * sharing the pool queued behind the lost one and waited out a limit of its own (9 s for a sign-in).
 * Such a connection is ended instead, which takes it out of the pool: the next statement gets a
 * connection of its own.
 */
function endOnReadTimeout(client: PooledClient): void {
  const query = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    const result = query.apply(this, args);
    if (result instanceof Promise) {
      result.catch((err: unknown) => {
        if (isQueryReadTimeout(err)) client.end().catch(quiet);
      });
    }
    return result;
  };
}

/**
 * A Neon Pool whose every error has a listener: an idle client's (the pool's 'error' event) and a
 * checked-out client's (its own 'error' event, which pg-pool leaves unheard). An 'error' event
 * nobody listens to ends the process; here the query in flight fails instead, and the handler
 * answers it. A connection whose query timed out is not lent again (endOnReadTimeout).
 */
function createPool(connectionString: string, limits: DbLimits, max: number): Pool {
  const config: PoolConfig = {
    connectionString,
    max,
    // A request's pool lives for one request; a script's may sit between steps.
    idleTimeoutMillis: 10_000,
    connectionTimeoutMillis: limits.connectMs,
    ...(limits.queryMs ? { query_timeout: limits.queryMs } : {}),
    ...(limits.statementMs ? { statement_timeout: limits.statementMs } : {}),
  };
  const pool = new Pool(config);
  pool.on('error', (err: Error) => {
    // Sockets closing after pool.end() report errors that mean nothing; anything else is worth a line.
    if (!(pool as unknown as { ending: boolean }).ending) console.error('[db] idle connection lost:', err.message || err);
  });
  pool.on('connect', (client: PooledClient) => {
    client.on('error', quiet);
    endOnReadTimeout(client);
  });
  return pool;
}

function kyselyOn(pool: Pool): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: pool as never }),
    plugins: [new CamelCasePlugin()],
  });
}

/** A database handle of a script's or test's own (migrations, seeding, the admin command); end it with db.destroy(). */
export function createDb(connectionString: string, wsProxy?: string, limits: DbLimits = SCRIPT_LIMITS): { db: Kysely<Database>; pool: Pool } {
  configureNeonProxy(wsProxy);
  const pool = createPool(connectionString, limits, 5);
  return { db: kyselyOn(pool), pool };
}

// How long the end of a request waits for its connections to close. Closing is one round trip;
// a peer that has gone silent never answers it, and the answer must not wait for that.
const CLOSE_WAIT_MS = 500;

// Connections the requests in flight in one process share at most. On Netlify an instance serves
// one request at a time, which runs up to 3 queries at once (Promise.all); the local runtime serves
// every request in one process, where more would only queue at the single-session embedded database.
const SHARED_MAX = 5;

type Handle = { db: Kysely<Database>; pool: Pool };

async function endPool(pool: Pool): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    pool.end().catch(quiet),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_WAIT_MS);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}

/**
 * The connections of the requests in flight in this process (ADR 14): made on the first one's first
 * query, lent to every request that overlaps it, and ended as soon as the last one is done. So no
 * connection outlives the work in flight: between invocations, when an instance may be frozen,
 * there is none. A Netlify instance serves one invocation at a time, so there each request (with
 * what it runs after its answer) still opens and ends its own; the local runtime, which serves
 * every concurrent request in one process, pays one connection set-up per burst, not per request.
 */
class SharedConnections {
  private handle: Handle | undefined;
  private users = 0;
  private readonly url: string;
  private readonly wsProxy: string | undefined;
  private readonly limits: DbLimits;

  constructor(url: string, wsProxy: string | undefined, limits: DbLimits) {
    this.url = url;
    this.wsProxy = wsProxy;
    this.limits = limits;
  }

  acquire(): Handle {
    if (!this.handle) {
      configureNeonProxy(this.wsProxy);
      const pool = createPool(this.url, this.limits, SHARED_MAX);
      this.handle = { db: kyselyOn(pool), pool };
    }
    this.users += 1;
    return this.handle;
  }

  /** Gives back one request's use; the last one out ends the pool (a later request makes a new one). */
  async release(): Promise<void> {
    this.users -= 1;
    const pool = this.handle?.pool;
    if (this.users > 0 || !pool) return;
    this.handle = undefined;
    await endPool(pool);
  }
}

/** One set per database and its limits (tests switch DATABASE_URL between files). */
const sharedConnections = new Map<string, SharedConnections>();

function sharedFor(env: ServerEnv): SharedConnections {
  const limits = requestLimits(env);
  const key = `${env.databaseUrl}\0${env.databaseWsProxy ?? ''}\0${JSON.stringify(limits)}`;
  let shared = sharedConnections.get(key);
  if (!shared) sharedConnections.set(key, (shared = new SharedConnections(env.databaseUrl, env.databaseWsProxy, limits)));
  return shared;
}

/** One request's use of the process's connections: taken on its first query, given back when it is done. */
class RequestDatabase {
  private lease: { handle: Handle; from: SharedConnections } | undefined;
  /** Work that reads with this request's connections after its handler has returned (holdRequestDatabase). */
  readonly holds: Promise<unknown>[] = [];

  get(): Handle {
    if (!this.lease) {
      const from = sharedFor(getEnv());
      this.lease = { handle: from.acquire(), from };
    }
    return this.lease.handle;
  }

  async close(): Promise<void> {
    const lease = this.lease;
    this.lease = undefined;
    await lease?.from.release();
  }
}

const requestScope = new AsyncLocalStorage<RequestDatabase>();

/**
 * Runs one request's work with the database: connections are taken on its first query and given
 * back when `work` settles; the last request in flight ends them, so none outlives the invocation.
 * Neon's rule for serverless functions: a connection kept across invocations may be dead by the
 * next one (the instance was frozen, Neon suspended the compute), and its error would surface in
 * whatever request is running then. Nested calls share the outer request's lease.
 */
export async function withRequestDatabase<T>(work: () => Promise<T>): Promise<T> {
  if (requestScope.getStore()) return work();
  const scope = new RequestDatabase();
  try {
    return await requestScope.run(scope, work);
  } finally {
    if (scope.holds.length === 0) await scope.close();
    else void Promise.allSettled(scope.holds).then(() => scope.close());
  }
}

/**
 * Keeps the current request's connections until `done` settles, past the return of its answer:
 * for an answer whose body is still being read from the database as it is sent (a streamed
 * export). `done` must settle however the body ends: read to the end, failed or abandoned.
 */
export function holdRequestDatabase(done: Promise<unknown>): void {
  const scope = requestScope.getStore();
  if (!scope) throw new Error('holdRequestDatabase called outside a request');
  scope.holds.push(done);
}

/**
 * Runs work that outlives the request it starts in (what is sent after the answer) with a lease of
 * its own, given back when that work settles rather than when the request's answer goes out.
 */
export function withDetachedDatabase<T>(work: () => Promise<T>): Promise<T> {
  return requestScope.exit(() => withRequestDatabase(work));
}

// Outside a request (tests' own checks, scripts that import server modules): one handle for the
// process, with the request limits and every error heard.
let processDb: { db: Kysely<Database>; pool: Pool } | undefined;

function outsideRequest(): { db: Kysely<Database>; pool: Pool } {
  if (!processDb) {
    const env = getEnv();
    configureNeonProxy(env.databaseWsProxy);
    const pool = createPool(env.databaseUrl, requestLimits(env), 5);
    processDb = { db: kyselyOn(pool), pool };
  }
  return processDb;
}

/** The current request's database (see withRequestDatabase); outside a request, the process's own. */
export function getDb(): Kysely<Database> {
  return (requestScope.getStore()?.get() ?? outsideRequest()).db;
}

/** The underlying pg-compatible pool of the same, for libraries that take one (rate-limiter-flexible). */
export function getPool(): Pool {
  return (requestScope.getStore()?.get() ?? outsideRequest()).pool;
}

/** Ends the process's own handle: tests that move to another database, or stop theirs. */
export async function closeDb(): Promise<void> {
  const d = processDb;
  processDb = undefined;
  await d?.db.destroy();
}
