// Starts `npm start`'s server on an emptied DATA_DIR, so every e2e run begins from a new database
// holding the e2e admins (admin-credentials.ts): E2E_ADMIN through the runtime's own ADMIN_USERNAME /
// ADMIN_PASSWORD path, the password, leads and logout admins before the site answers anything.
import fs from 'node:fs';
import { createDb } from '../../../src/server/db/client.ts';
import { createAdmin } from '../../../src/server/repositories/users.ts';
import { startLocalServices } from '../../../scripts/lib/local-services.mjs';
import { localEnv } from '../../../scripts/lib/runtime-env.mjs';
import { E2E_LEADS_ADMIN, E2E_LOGOUT_ADMIN, E2E_PASSWORD_ADMIN } from './admin-credentials.ts';

const { dataDir, port, hosts, trustProxy, firstAdmin } = localEnv();
if (!dataDir.includes('site-e2e-')) throw new Error('fresh-server refuses to wipe a DATA_DIR that is not an e2e one');
fs.rmSync(dataDir, { recursive: true, force: true });

const services = await startLocalServices({
  dataDir,
  admin: firstAdmin,
  async afterDatabase({ databaseUrl, wsProxy }) {
    const { db } = createDb(databaseUrl, wsProxy);
    try {
      await createAdmin(db, E2E_PASSWORD_ADMIN.username, E2E_PASSWORD_ADMIN.password);
      await createAdmin(db, E2E_LEADS_ADMIN.username, E2E_LEADS_ADMIN.password);
      await createAdmin(db, E2E_LOGOUT_ADMIN.username, E2E_LOGOUT_ADMIN.password);
    } finally {
      await db.destroy();
    }
  },
  build: true,
  site: { port, hosts, trustProxy },
  log: () => {},
});
console.log(`e2e site ready on port ${services.port}`);
const stop = () => services.stop().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
