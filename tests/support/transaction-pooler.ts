/**
 * A Kysely over PostgreSQL as a transaction-mode pooler serves it (PgBouncer, behind Neon's pooled
 * `-pooler` connection string, the one the README has DATABASE_URL hold): a client's session is
 * not one server session. Each statement outside a transaction, and each transaction, may run on
 * whichever server session the pooler has free; here, always on one it has not used before, the
 * case that leaves nothing to luck. So whatever a session keeps between transactions (a
 * session-level advisory lock, a SET) stays behind on a server session the client never sees
 * again. One client at a time: the statements of one migrator, say.
 */
import { Pool } from '@neondatabase/serverless';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { configureNeonProxy } from '../../src/server/db/client.ts';

class PooledConnection implements DatabaseConnection {
  /** The server session of the transaction in progress, if one is. */
  pinned: DatabaseConnection | undefined;
  private readonly pooler: TransactionPoolingDriver;
  constructor(pooler: TransactionPoolingDriver) {
    this.pooler = pooler;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return (this.pinned ?? (await this.pooler.freshSession())).executeQuery<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    yield* (this.pinned ?? (await this.pooler.freshSession())).streamQuery<R>(query, chunkSize);
  }
}

class TransactionPoolingDriver implements Driver {
  /** Every server session handed out, kept open to the end: what one held, it still holds. */
  readonly sessions: DatabaseConnection[] = [];
  private readonly inner: Driver;
  constructor(inner: Driver) {
    this.inner = inner;
  }

  async init(): Promise<void> {
    await this.inner.init();
  }

  async freshSession(): Promise<DatabaseConnection> {
    const session = await this.inner.acquireConnection();
    this.sessions.push(session);
    return session;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PooledConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const pooled = connection as PooledConnection;
    pooled.pinned = await this.freshSession();
    await this.inner.beginTransaction(pooled.pinned, settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const pooled = connection as PooledConnection;
    try {
      await this.inner.commitTransaction(pooled.pinned!);
    } finally {
      pooled.pinned = undefined;
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const pooled = connection as PooledConnection;
    try {
      await this.inner.rollbackTransaction(pooled.pinned!);
    } finally {
      pooled.pinned = undefined;
    }
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    for (const session of this.sessions.splice(0)) await this.inner.releaseConnection(session);
    await this.inner.destroy();
  }
}

/** A Kysely on `connectionString` through a transaction-mode pooler; end it with db.destroy(). */
export function behindTransactionPooler(connectionString: string, wsProxy: string | undefined): Kysely<any> {
  configureNeonProxy(wsProxy);
  const pool = new Pool({ connectionString, max: 100 });
  pool.on('error', () => {});
  const postgres = new PostgresDialect({ pool: pool as never });
  const dialect: Dialect = {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new TransactionPoolingDriver(postgres.createDriver()),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
  return new Kysely<any>({ dialect });
}
