// Starts `npm start`'s server on an emptied DATA_DIR, so every e2e run begins from a new database
// holding the two e2e admins (see admin-credentials.ts).
import fs from 'node:fs';
import { createDb } from '../../../src/server/db/client.ts';
import { createAdmin } from '../../../src/server/users.ts';
import { startEmbeddedPostgres } from '../../../scripts/lib/embedded-postgres.mjs';
import { prepareDatabase } from '../../../scripts/lib/prepare-database.mjs';
import { E2E_PASSWORD_ADMIN } from './admin-credentials.ts';

const dir = process.env.DATA_DIR;
if (!dir || !dir.includes('site-e2e-')) throw new Error('fresh-server refuses to wipe a DATA_DIR that is not an e2e one');
fs.rmSync(dir, { recursive: true, force: true });

const pg = await startEmbeddedPostgres({ dataDir: dir });
// The first admin through the runtime's own ADMIN_EMAIL / ADMIN_PASSWORD path, then the second.
await prepareDatabase({
  databaseUrl: pg.databaseUrl,
  wsProxy: pg.wsProxy,
  adminEmail: process.env.ADMIN_EMAIL,
  adminPassword: process.env.ADMIN_PASSWORD,
  log: () => {},
});
const { db } = createDb(pg.databaseUrl, pg.wsProxy);
await createAdmin(db, E2E_PASSWORD_ADMIN.email, E2E_PASSWORD_ADMIN.password);
await db.destroy();
await pg.stop();

await import('../../../scripts/start.mjs');
