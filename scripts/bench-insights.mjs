// `npm run bench:insights`: a benchmark, not a test. Serves the production build the way `npm start`
// does (Netlify emulation for static files, the adapter's on-demand function for the rest) on a
// throwaway in-memory database seeded with 200 articles, then measures, in one run and over
// loopback only:
//   - the built static home page            (the baseline)
//   - /insights                              (on demand, uncached: there is no CDN locally)
//   - an article page /insights/{id}         (on demand, uncached)
// and prints p50/p99 of the time to a complete answer, the target (on-demand p50 within 5x of the
// static p50) and the SQL statements each on-demand request sent, counted on the Postgres wire.
//
// The embedded database runs in a child process, as a real database runs apart from the function:
// PGlite is WebAssembly on the main thread of whatever process owns it, and sharing the server's
// thread would charge its query work to the page render. React is bundled into the on-demand
// function in production mode at build time (astro.config.mjs), as on Netlify.
import crypto from 'node:crypto';
import { fork } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './lib/build-if-needed.mjs';
import { startEmbeddedPostgres } from './lib/embedded-postgres.mjs';
import { prepareDatabase } from './lib/prepare-database.mjs';
import { localEnv, projectRoot } from './lib/runtime-env.mjs';
import { createSiteHandler } from './lib/site-handler.mjs';
import { createDb } from '../src/server/db/client.ts';

// The database child: start the embedded Postgres, say where it is, stop when the parent goes.
if (process.argv[2] === '--database-child') {
  const pg = await startEmbeddedPostgres(); // in memory: nothing left behind
  const stop = async () => {
    await pg.stop();
    process.exit(0);
  };
  process.on('disconnect', stop);
  process.on('SIGTERM', stop);
  process.send?.({ databaseUrl: pg.databaseUrl, wsProxy: pg.wsProxy });
  await new Promise(() => {}); // served until the parent disconnects
}

const ARTICLES = 200;
const WARMUP = 20;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS || 300);
const TARGET_FACTOR = 5;
if (!Number.isInteger(ITERATIONS) || ITERATIONS < 10 || ITERATIONS > 5000) {
  throw new Error('BENCH_ITERATIONS must be an integer between 10 and 5000');
}

const CATEGORIES = [
  'Thought Leadership',
  'Product & Solution Spotlights',
  'Customer & Partner Success Stories',
  'Industry Trends & Insights',
  'Events & Announcements',
];

/**
 * A loopback TCP tap in front of the database that counts the statements clients send: simple
 * Query ('Q') and extended-protocol Execute ('E') messages. The on-demand function is a bundle with
 * its own copy of the db client, so the count is taken on the wire rather than inside Kysely.
 */
async function startQueryCounter(targetPort) {
  let statements = 0;
  let connections = 0;
  const server = net.createServer((client) => {
    connections += 1;
    // Without TCP_NODELAY, Nagle's algorithm meets the driver's delayed ACKs and stalls a
    // multi-packet answer by ~40 ms on loopback: a stall of this tap, not of the page.
    const upstream = net.connect({ port: targetPort, host: '127.0.0.1', noDelay: true });
    client.setNoDelay(true);
    let buffer = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          // Startup (or SSLRequest / GSSENCRequest) has no type byte: Int32 length, Int32 code.
          if (buffer.length < 8) break;
          const length = buffer.readInt32BE(0);
          const code = buffer.readInt32BE(4);
          if (buffer.length < length) break;
          buffer = buffer.subarray(length);
          if (code !== 80877103 && code !== 80877104) started = true;
          continue;
        }
        if (buffer.length < 5) break;
        const type = String.fromCharCode(buffer[0]);
        const length = buffer.readInt32BE(1);
        if (buffer.length < 1 + length) break;
        if (type === 'Q' || type === 'E') statements += 1;
        buffer = buffer.subarray(1 + length);
      }
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', close);
    client.on('error', close);
    upstream.on('close', close);
    upstream.on('error', close);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    port: /** @type {net.AddressInfo} */ (server.address()).port,
    count: () => statements,
    connections: () => connections,
  };
}

function articleBody(i) {
  const paragraph = (n) =>
    `<p>Paragraph ${n} of article ${i}: positioning, pricing and channel strategy for growth-stage firms, with <strong>practical</strong> steps and <a href="https://example.com/ref/${i}-${n}">a reference</a>.</p>`;
  const parts = ['<h2>Why it matters</h2>'];
  for (let n = 1; n <= 12; n += 1) parts.push(paragraph(n));
  parts.push('<ul><li>Clarify the audience</li><li>Sharpen the offer</li><li>Measure what moves revenue</li></ul>');
  return parts.join('');
}

async function seedArticles(databaseUrl, wsProxy) {
  const { db } = createDb(databaseUrl, wsProxy);
  try {
    const start = new Date('2025-01-01T00:00:00Z').getTime();
    const rows = Array.from({ length: ARTICLES }, (_, k) => {
      const i = k + 1;
      return {
        title: `Benchmark article ${i}: growth levers for ${CATEGORIES[i % 5].toLowerCase()}`,
        description: `A ${i % 7 + 3}-minute read on building demand, brand and revenue, article ${i} of the benchmark set.`,
        content: articleBody(i),
        author: i % 3 === 0 ? 'Admin' : 'Senior Strategist',
        category: CATEGORIES[i % 5],
        imageUrl: i % 2 === 0 ? `/objects/uploads/bench-${i}.jpg` : null,
        youtubeUrl: i % 10 === 0 ? 'https://youtu.be/dQw4w9WgXcQ' : null,
        readTime: `${(i % 7) + 3} min read`,
        metaTitle: i % 4 === 0 ? `Meta title ${i}` : null,
        metaDescription: null,
        tags: ['strategy', `topic-${i % 9}`],
        slug: i % 3 === 0 ? `benchmark-article-${i}` : null,
        isFeatured: i % 25 === 0,
        isPublished: true,
        publishedAt: new Date(start + i * 36e5 * 24),
      };
    });
    const ids = await db.insertInto('articles').values(rows).returning('id').execute();
    return ids.map((r) => r.id);
  } finally {
    await db.destroy();
  }
}

function percentile(sorted, p) {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/** One GET over loopback, timed to the last byte of the body. */
function timedGet(port, pathname) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get({ host: '127.0.0.1', port, path: pathname, agent: false }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ ms: performance.now() - t0, status: res.statusCode, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function measure(port, pathname, counter) {
  for (let i = 0; i < WARMUP; i += 1) await timedGet(port, pathname);
  const times = [];
  const statements = new Set();
  let bytes = 0;
  for (let i = 0; i < ITERATIONS; i += 1) {
    const before = counter.count();
    const r = await timedGet(port, pathname);
    if (r.status !== 200) throw new Error(`${pathname} answered ${r.status}`);
    times.push(r.ms);
    statements.add(counter.count() - before);
    bytes = r.bytes;
  }
  times.sort((a, b) => a - b);
  return { pathname, p50: percentile(times, 50), p99: percentile(times, 99), statements: [...statements].sort(), bytes };
}

const stops = [];
/** @type {import('node:child_process').ChildProcess | undefined} */
let databaseChild;
async function stopAll() {
  for (const stop of stops.reverse()) {
    try {
      await stop();
    } catch (err) {
      console.error(err);
    }
  }
}

try {
  localEnv();
  await buildIfNeeded(projectRoot);

  // Stopped last, by the exit below: the child stops itself when its IPC channel closes. Closing
  // it any earlier only makes the on-demand function's pool log its idle sockets dying.
  databaseChild = fork(fileURLToPath(import.meta.url), ['--database-child'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const child = databaseChild;
  /** @type {{ databaseUrl: string, wsProxy: string }} */
  const pg = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the database process exited (${code})`)));
  });
  const pgPort = Number(new URL(pg.databaseUrl).port);
  const counter = await startQueryCounter(pgPort); // in this process: gone with it
  const url = new URL(pg.databaseUrl);
  url.port = String(counter.port);
  const databaseUrl = url.toString();

  await prepareDatabase({ databaseUrl, wsProxy: pg.wsProxy, log: () => {} });
  const ids = await seedArticles(databaseUrl, pg.wsProxy);
  console.log(`Seeded ${ids.length} articles.`);

  process.env.DATABASE_URL = databaseUrl;
  process.env.DATABASE_WS_PROXY = pg.wsProxy;
  process.env.SESSION_SECRET ||= crypto.randomBytes(32).toString('hex');

  const server = http.createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const port = /** @type {net.AddressInfo} */ (server.address()).port;
  const site = await createSiteHandler({ port });
  stops.push(site.stop);
  server.on('request', site.handler);
  stops.push(() => new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve(undefined));
  }));

  // A mid-list article without a slug, so the page is reached by id as the spec's links are.
  const articleId = ids[Math.floor(ids.length / 2) + 1];
  console.log(`Measuring ${ITERATIONS} requests per page after ${WARMUP} warm-up requests, one at a time over loopback...\n`);
  const home = await measure(port, '/', counter);
  const list = await measure(port, '/insights', counter);
  const article = await measure(port, `/insights/${articleId}`, counter);

  const target = home.p50 * TARGET_FACTOR;
  const rows = [
    ['page', 'kind', 'p50 ms', 'p99 ms', 'KB', 'SQL/request', `p50 target (${TARGET_FACTOR}x static)`],
    ['/', 'static (built)', home.p50.toFixed(2), home.p99.toFixed(2), (home.bytes / 1024).toFixed(1), home.statements.join('/'), '(baseline)'],
    ...[list, article].map((r) => [
      r.pathname,
      'on demand, uncached',
      r.p50.toFixed(2),
      r.p99.toFixed(2),
      (r.bytes / 1024).toFixed(1),
      r.statements.join('/'),
      `${r.p50 <= target ? 'met' : 'MISSED'} (<= ${target.toFixed(2)} ms, ${(r.p50 / home.p50).toFixed(1)}x)`,
    ]),
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => String(row[c]).length)));
  const line = (row) => row.map((cell, c) => String(cell).padEnd(widths[c])).join('  ');
  console.log(line(rows[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
  const oneQuery = [list, article].every((r) => r.statements.length === 1 && r.statements[0] === 1);
  console.log(
    `\n${ARTICLES} published articles; ${oneQuery ? 'one SQL statement per on-demand request: met' : 'SQL statements per on-demand request: NOT one'}; ${counter.connections()} database connections opened in all (pooled).`,
  );
  console.log(
    `Node ${process.version}, ${process.platform}/${process.arch}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}.`,
  );
  console.log("Times are to the last byte over loopback, including the Netlify emulation's routing; the database is embedded PGlite in another process.");
} catch (err) {
  console.error(`\nBenchmark failed: ${err instanceof Error ? err.stack : err}`);
  process.exitCode = 1;
} finally {
  await stopAll();
  // The on-demand function's pool may keep an idle timer; exit rather than wait for it. The
  // database child sees its channel close and stops itself.
  databaseChild?.disconnect();
  process.exit();
}
