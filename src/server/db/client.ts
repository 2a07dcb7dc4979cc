import { Pool, neonConfig } from '@neondatabase/serverless';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import { getEnv } from '../env.ts';
import type { Database } from './schema.ts';

let db: Kysely<Database> | undefined;
let pool: Pool | undefined;

/**
 * Points the Neon driver at a WebSocket-to-TCP proxy so that the same driver reaches a plain
 * Postgres: the embedded PGlite of the local runtime, or the CI server. Production leaves it unset.
 */
export function configureNeonProxy(proxy: string | undefined): void {
  if (!proxy) return;
  neonConfig.wsProxy = (host, port) => `${proxy}?address=${host}:${port}`;
  neonConfig.useSecureWebSocket = false;
  // Pipelining fails against SCRAM authentication on a stock server (see shared/STACK.md).
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
}

export function createDb(connectionString: string, wsProxy?: string): { db: Kysely<Database>; pool: Pool } {
  configureNeonProxy(wsProxy);
  // Short idle timeout: a function instance may be frozen between invocations, and a socket kept
  // across a freeze is likely dead by the next one.
  const p = new Pool({ connectionString, max: 5, idleTimeoutMillis: 10_000 });
  p.on('error', (err: Error) => {
    // Sockets closing after pool.end() report errors that mean nothing; anything else is worth a line.
    if (!(p as unknown as { ending: boolean }).ending) console.error('[db] idle client error:', err.message || err);
  });
  const k = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: p as never }),
    plugins: [new CamelCasePlugin()],
  });
  return { db: k, pool: p };
}

/** The process-wide database handle, built from the environment on first use. */
export function getDb(): Kysely<Database> {
  if (!db) {
    const env = getEnv();
    ({ db, pool } = createDb(env.databaseUrl, env.databaseWsProxy));
  }
  return db;
}

/** The underlying pg-compatible pool, for libraries that take one (rate-limiter-flexible). */
export function getPool(): Pool {
  getDb();
  return pool!;
}

export async function closeDb(): Promise<void> {
  const d = db;
  db = undefined;
  pool = undefined;
  await d?.destroy();
}
