// `npm run db:migrate`: applies pending migrations (the catalogue's first rows among them,
// 0021_catalogue_seed), where this environment says to (src/server/db/database-url.ts, planMigration):
// - locally: the configured database, else the embedded one under DATA_DIR (stop `npm start`
//   first: one process owns that folder); nothing for a Netlify Database (NETLIFY_DB_URL), which
//   its deploys migrate;
// - in a Netlify build (netlify.toml's build command): nothing with Netlify Database (the deploy
//   applies netlify/database/migrations itself), a refusal if package.json lacks the
//   @netlify/database that makes Netlify set it up; an own DATABASE_URL in production, or in a preview
//   whose DATABASE_CONTEXT names it; a refusal, with what to set, for anything else.
import fs from 'node:fs';
import path from 'node:path';
import { describeDatabase, listsNetlifyDatabase, planMigration } from '../src/server/db/database-url.ts';
import { startDatabase } from './lib/database-env.mjs';
import { prepareDatabase } from './lib/prepare-database.mjs';
import { localEnv, projectRoot } from './lib/runtime-env.mjs';

// Netlify's build reads the same file to decide whether it sets up Netlify Database at all.
const packageJson = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8'));
const plan = planMigration(process.env, { netlifyDatabasePackage: listsNetlifyDatabase(packageJson) });
if (plan.action === 'refuse') {
  console.error(`db:migrate refused: ${plan.reason}`);
  process.exit(1);
}
if (plan.action === 'skip') {
  console.log(`db:migrate: nothing to do. ${plan.reason}`);
  process.exit(0);
}
if (plan.action === 'migrate' && plan.target.warning) console.warn(plan.target.warning);
console.log(`db:migrate: ${plan.reason}.`);

const { dataDir } = localEnv();
/** @type {Awaited<ReturnType<typeof startDatabase>> | undefined} */
let db;
try {
  db = await startDatabase({ dataDir, databaseUrl: plan.action === 'migrate-embedded' ? '' : plan.target.url });
  await prepareDatabase({ databaseUrl: db.databaseUrl, wsProxy: db.wsProxy });
  console.log(`Database is up to date (${db.embedded ? `embedded, ${dataDir}` : describeDatabase(plan.target)}).`);
} catch (err) {
  console.error(`Migration failed: ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
} finally {
  await db?.stop();
}
