// `npm run db:migrate`: applies pending migrations and seeds empty tables. On Netlify it runs in
// the build command against DATABASE_URL (Neon); locally, against the embedded database under
// DATA_DIR (stop `npm start` first: one process owns that folder) or DATABASE_URL when set.
import { startDatabase } from './lib/database-env.mjs';
import { prepareDatabase } from './lib/prepare-database.mjs';
import { localEnv } from './lib/runtime-env.mjs';

const { dataDir } = localEnv();
const db = await startDatabase({ dataDir });
try {
  await prepareDatabase({ databaseUrl: db.databaseUrl, wsProxy: db.wsProxy });
  console.log(`Database is up to date (${db.embedded ? `embedded, ${dataDir}` : 'DATABASE_URL'}).`);
} catch (err) {
  console.error(`Migration failed: ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
} finally {
  await db.stop();
}
