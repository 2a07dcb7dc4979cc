// `npm run bench:insights`: a benchmark, not a test. Serves the production build the way `npm start`
// does (Netlify emulation for static files, the adapter's on-demand function for the rest) on a
// throwaway in-memory database seeded with BENCH_ARTICLES (default 10,000) published articles, then
// measures over loopback only:
//   - the built static home page                     (the baseline)
//   - /insights, a deep ?page=N, a category's page 2 (on demand, uncached: the CDN's cache is left out)
//   - an article page /insights/{id}                 (on demand, uncached)
//   - the RSS feed and the sitemap                   (on demand, uncached; bounded in size)
// first one request at a time (the pages in turn: one of each, then again), then from BENCH_CLIENTS
// (default 50) concurrent clients, a page at a time, and prints p50/p99 of the time to a complete
// answer, the answer's size, the SQL statements each request sent (counted on the Postgres wire)
// and the target: on-demand p50 within 3x of the static p50.
// React is bundled into the on-demand function in production mode at build time (astro.config.mjs),
// as on Netlify.
import { ARTICLES_PAGE_SIZE } from '../src/lib/pagination.ts';
import { intSetting, measureConcurrent, measureSerialInTurn, printTable, runBenchmark, timedRequest } from './lib/bench-harness.mjs';
import { insertSampleArticles, SAMPLE_CATEGORIES } from './lib/sample-articles.mjs';

const ARTICLES = intSetting('BENCH_ARTICLES', 10_000, 1, 100_000);
const ITERATIONS = intSetting('BENCH_ITERATIONS', 200, 10, 5000);
const CLIENTS = intSetting('BENCH_CLIENTS', 50, 1, 200);
const CONCURRENT_REQUESTS = intSetting('BENCH_CONCURRENT_REQUESTS', 1000, 50, 20_000);
/** Each page's phases stop early after this long, so a slow page cannot hold the machine. */
const PHASE_SECONDS = intSetting('BENCH_PHASE_SECONDS', 30, 5, 300);
const TARGET_FACTOR = 3;

await runBenchmark({ cdnCache: false, seed: (db) => insertSampleArticles(db, ARTICLES, { imageUrl: `/objects/uploads/${'b'.repeat(32)}` }) }, async (site) => {
  const { port, counter } = site;
  const ids = site.seeded;
  console.log(`Seeded ${ids.length} articles.`);

  // A mid-list article without a slug, so the page is reached by id as the list's card links reach it.
  const articleId = ids[Math.floor(ids.length / 2) + 1];
  const deepPage = Math.max(1, Math.floor(ARTICLES / ARTICLES_PAGE_SIZE / 2));
  const pages = [
    { pathname: '/', kind: 'static (built)' },
    { pathname: '/insights', kind: 'on demand, uncached', target: true },
    { pathname: `/insights?page=${deepPage}`, kind: 'on demand, uncached', target: true },
    { pathname: `/insights?category=${encodeURIComponent(SAMPLE_CATEGORIES[1])}&page=2`, kind: 'on demand, uncached', target: true },
    { pathname: `/insights/${articleId}`, kind: 'on demand, uncached', target: true },
    // The feed and sitemap have no speed target; their size must stay bounded.
    { pathname: '/insights/rss.xml', kind: 'on demand, uncached', target: false },
    { pathname: '/sitemap.xml', kind: 'on demand, uncached', target: false },
  ];
  console.log(
    `Per page: 10 warm-up requests, then up to ${ITERATIONS} one at a time (the pages in turn), then up to ${CONCURRENT_REQUESTS} from ${CLIENTS} concurrent clients (each page's phase at most ${PHASE_SECONDS} s), over loopback...\n`,
  );
  const sends = pages.map((page) => () => timedRequest(port, { path: page.pathname }));
  // One at a time, the pages in turn, so the target's ratio compares them at the same moments.
  const serials = await measureSerialInTurn(sends, { counter, iterations: ITERATIONS, seconds: PHASE_SECONDS * pages.length });
  process.stderr.write('  measured every page one request at a time\n');
  const results = [];
  for (const [i, page] of pages.entries()) {
    const concurrent = await measureConcurrent(sends[i], { clients: CLIENTS, requests: CONCURRENT_REQUESTS, seconds: PHASE_SECONDS });
    results.push({ ...page, serial: serials[i], concurrent });
    process.stderr.write(`  measured ${page.pathname} from ${CLIENTS} clients\n`);
  }

  const [home] = results;
  const verdict = (p50, base) => `${p50 <= base * TARGET_FACTOR ? 'met' : 'MISSED'} (${(p50 / base).toFixed(1)}x)`;
  printTable([
    ['page', 'kind', 'KB', 'SQL/req', 'p50 ms', 'p99 ms', 'n', `p50 <= ${TARGET_FACTOR}x static`, `${CLIENTS} clients: p50 ms`, 'p99 ms', 'req/s', `p50 <= ${TARGET_FACTOR}x static`],
    ...results.map((r, i) => [
      r.pathname,
      r.kind,
      (r.serial.bytes / 1024).toFixed(1),
      r.serial.statements.join('/'),
      r.serial.p50.toFixed(2),
      r.serial.p99.toFixed(2),
      r.serial.n,
      i === 0 ? '(baseline)' : r.target ? verdict(r.serial.p50, home.serial.p50) : '-',
      r.concurrent.p50.toFixed(1),
      r.concurrent.p99.toFixed(1),
      r.concurrent.perSecond.toFixed(0),
      i === 0 ? '(baseline)' : r.target ? verdict(r.concurrent.p50, home.concurrent.p50) : '-',
    ]),
  ]);
  console.log(
    `\n${ARTICLES} published articles. The list and article pages' target: p50 within ${TARGET_FACTOR}x of the static home page.`,
  );
});
