/**
 * How a local command (npm start, db:migrate, admin, db:seed-articles) reaches the configured
 * database: a Neon host or a Netlify Database directly, as the deployed functions do; a PostgreSQL
 * on this machine through the bridge the Neon driver needs.
 */
import { describe, expect, it } from 'vitest';
import { startDatabase } from '../../scripts/lib/database-env.mjs';
import { unusedPort } from '../support/unused-port.ts';
import { withEnv } from '../support/with-env.ts';

const unset = { NETLIFY_DB_DRIVER: '', DATABASE_WS_PROXY: '', DATABASE_SQL_ENDPOINT: '' };

describe('startDatabase', () => {
  it('reaches a Netlify Database directly whatever its host is called: no bridge, no TCP probe, its migrations left to Netlify', async () => {
    const url = 'postgres://netlify:secret@db.netlify-database.example/netlifydb?sslmode=require';
    const database = await withEnv({ ...unset, NETLIFY_DB_URL: url }, () => startDatabase({}));
    expect(database).toMatchObject({ databaseUrl: url, wsProxy: undefined, embedded: false, migratedByNetlify: true });
  });

  it("bridges a Netlify Database's stand-in on this machine, and names the address when nothing answers there", async () => {
    const port = await unusedPort();
    for (const host of ['127.0.0.1', '127.0.0.2', 'LocalHost']) {
      await expect(
        withEnv({ ...unset, NETLIFY_DB_URL: `postgres://postgres@${host}:${port}/test` }, () => startDatabase({})),
        host,
      ).rejects.toThrow(`No PostgreSQL server answers at ${host}:${port} (`);
    }
  });
});
