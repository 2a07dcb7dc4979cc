// `npm run db:seed-articles -- [count]`: adds `count` (default 10000) published sample articles to
// the local database (the embedded one under DATA_DIR, or the configured one: NETLIFY_DB_URL,
// DATABASE_URL or NETLIFY_DATABASE_URL, src/server/db/database-url.ts), to see and
// measure the Insights pages, feed, sitemap and admin list at scale. Stop `npm start` first: one
// process owns the embedded database folder.
import { startDatabase } from './lib/database-env.mjs';
import { prepareDatabase } from './lib/prepare-database.mjs';
import { localEnv } from './lib/runtime-env.mjs';
import { insertSampleArticles } from './lib/sample-articles.mjs';
import { createDb } from '../src/server/db/client.ts';
import { describeDatabase, resolveDatabaseUrl } from '../src/server/db/database-url.ts';

const count = Number(process.argv[2] ?? 10_000);
if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
  console.error('Usage: npm run db:seed-articles -- [count]   (a whole number from 1 to 1000000; default 10000)');
  process.exit(2);
}

const { dataDir } = localEnv();
const target = resolveDatabaseUrl(process.env);
// A database that cannot be started or reached says why in one line, as a failure while seeding does.
const database = await startDatabase({ dataDir }).catch((err) => {
  console.error(`Seeding failed: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
const { db } = createDb(database.databaseUrl, database.wsProxy);
try {
  // Prepared as `npm run db:migrate` prepares it: a Netlify Database (NETLIFY_DB_URL) is not
  // migrated, since Netlify applies its migrations and keeps its own record of them.
  await prepareDatabase({ databaseUrl: database.databaseUrl, wsProxy: database.wsProxy, migrate: !database.migratedByNetlify, log: () => {} });
  const started = Date.now();
  await insertSampleArticles(db, count, { onProgress: (done) => process.stdout.write(`\r${done} / ${count} articles`) });
  console.log(`\nAdded ${count} published articles in ${((Date.now() - started) / 1000).toFixed(1)} s (${target ? describeDatabase(target) : `embedded, ${dataDir}`}).`);
} catch (err) {
  console.error(`\nSeeding failed: ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
  await database.stop();
}
