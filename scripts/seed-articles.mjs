// `npm run db:seed-articles -- [count]`: adds `count` (default 10000) published sample articles to
// the local database (the embedded one under DATA_DIR, or the configured one: NETLIFY_DB_URL,
// DATABASE_URL or NETLIFY_DATABASE_URL, src/server/db/database-url.ts), to see and
// measure the Insights pages, feed, sitemap and admin list at scale. Stop `npm start` first: one
// process owns the embedded database folder.
import { withCommandDatabase } from './lib/prepare-database.mjs';
import { localEnv } from './lib/runtime-env.mjs';
import { insertSampleArticles } from './lib/sample-articles.mjs';
import { describeDatabase, resolveDatabaseUrl } from '../src/server/db/database-url.ts';

const count = Number(process.argv[2] ?? 10_000);
if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
  console.error('Usage: npm run db:seed-articles -- [count]   (a whole number from 1 to 1000000; default 10000)');
  process.exit(2);
}

const { dataDir } = localEnv();
const target = resolveDatabaseUrl(process.env);
// Once the running count is on the line, a failure starts a line of its own.
let counted = false;
const failed = (err) => console.error(`${counted ? '\n' : ''}Seeding failed: ${err instanceof Error ? err.message : err}`);
await withCommandDatabase({ dataDir, failed }, async (db) => {
  const started = Date.now();
  await insertSampleArticles(db, count, {
    onProgress: (done) => {
      counted = true;
      process.stdout.write(`\r${done} / ${count} articles`);
    },
  });
  console.log(`\nAdded ${count} published articles in ${((Date.now() - started) / 1000).toFixed(1)} s (${target ? describeDatabase(target) : `embedded, ${dataDir}`}).`);
});
