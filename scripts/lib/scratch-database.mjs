// A database of one run's own (the tests', the Netlify smoke's, a benchmark's) on a PostgreSQL
// server, so that nothing it writes meets another run's rows; dropped again at the end.
import crypto from 'node:crypto';
import { Pool } from '@neondatabase/serverless';

/**
 * Creates a database named `prefix` and a unique suffix on the server `serverUrl` names, through
 * the Neon driver as the site reaches its own (the caller has pointed the driver at the server's
 * WebSocket bridge: configureNeonProxy). `databaseUrl` is the server's URL naming it.
 * @param {string} serverUrl
 * @param {string} prefix
 */
export async function createScratchDatabase(serverUrl, prefix) {
  const name = `${prefix}_${Date.now()}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = new Pool({ connectionString: serverUrl });
  // Dropping the database closes sockets under the pool; that is expected, not a failure.
  admin.on('error', () => {});
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    databaseUrl: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
