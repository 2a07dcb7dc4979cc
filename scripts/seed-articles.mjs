// `npm run db:seed-articles -- [count]`: adds `count` (default 10000) published sample articles to
// the local database (the embedded one under DATA_DIR, or DATABASE_URL when set), to see and
// measure the Insights pages, feed, sitemap and admin list at scale. Stop `npm start` first: one
// process owns the embedded database folder.
import { startDatabase } from './lib/database-env.mjs';
import { prepareDatabase } from './lib/prepare-database.mjs';
import { localEnv } from './lib/runtime-env.mjs';
import { insertSampleArticles } from './lib/sample-articles.mjs';
import { createDb } from '../src/server/db/client.ts';

const count = Number(process.argv[2] ?? 10_000);
if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
  console.error('Usage: npm run db:seed-articles -- [count]   (a whole number from 1 to 1000000; default 10000)');
  process.exit(2);
}

const { dataDir } = localEnv();
const database = await startDatabase({ dataDir });
const { db } = createDb(database.databaseUrl, database.wsProxy);
try {
  await prepareDatabase({ databaseUrl: database.databaseUrl, wsProxy: database.wsProxy, log: () => {} });
  const started = Date.now();
  await insertSampleArticles(db, count, { onProgress: (done) => process.stdout.write(`\r${done} / ${count} articles`) });
  console.log(`\nAdded ${count} published articles in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.embedded ? `embedded, ${dataDir}` : 'DATABASE_URL'}).`);
} catch (err) {
  console.error(`\nSeeding failed: ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
  await database.stop();
}
