// What the server benchmarks (bench:insights, bench:enquiries) share: the production build served by
// the same handler as `npm start` on a throwaway embedded database in its own process, whose
// bridge counts SQL statements (on its WebSocket wire and at its HTTP query endpoint), timed
// loopback requests, one-at-a-time and concurrent phases (bounded in count and time), and a
// plain-text table. intSetting reads bench:pages' and bench:lead-lists' settings too, and
// printTable prints bench:lead-lists' figures.
import { fork } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startLocalServices } from './local-services.mjs';
import { localEnv, projectRoot } from './runtime-env.mjs';
import { createDb } from '../../src/server/db/client.ts';

/** Reads a whole-number setting from the environment, refusing anything outside [min, max]. */
export function intSetting(name, fallback, min, max) {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer from ${min} to ${max}`);
  return value;
}

/**
 * Starts the database process, then the runtime's own start-up (scripts/lib/local-services.mjs:
 * build if needed, migrations, `seed(db)`, blobs, functions, the site on a free loopback port) on
 * it. `env` is set before the site's code reads its environment.
 * @template T
 * `cdnCache: false` leaves the CDN's cache out, so that every request renders (what an uncached
 * page costs).
 * @param {{ seed?: (db: import('kysely').Kysely<any>) => Promise<T>, env?: Record<string, string>, cdnCache?: boolean }} options
 */
async function startBenchSite({ seed, env = {}, cdnCache = true } = {}) {
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  /** @type {(() => Promise<void>) | undefined} */
  let stopServices;
  const stop = async () => {
    try {
      await stopServices?.();
    } catch (err) {
      console.error(err);
    }
    // Stopped last: the child stops itself when its IPC channel closes. Closing it any earlier
    // only makes the on-demand function's pool log its idle sockets dying.
    child?.disconnect();
  };
  try {
    localEnv();
    child = fork(path.join(projectRoot, 'scripts/lib/bench-database-child.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const running = child;
    /** @type {{ databaseUrl: string, wsProxy: string, sqlEndpoint: string }} */
    const pg = await new Promise((resolve, reject) => {
      running.once('message', resolve);
      running.once('exit', (code) => reject(new Error(`the database process exited (${code})`)));
    });
    // The child's bridge counts the statements; the counts come over the IPC channel.
    let asked = 0;
    const pending = new Map();
    running.on('message', (m) => {
      if (m && typeof m === 'object' && 'counts' in m) {
        pending.get(m.id)?.(m.counts);
        pending.delete(m.id);
      }
    });
    const counts = () =>
      new Promise((resolve) => {
        asked += 1;
        pending.set(asked, resolve);
        running.send({ counts: asked });
      });
    const counter = {
      /** Statements sent so far, by every client of the database. */
      count: async () => (await counts()).statements,
      connections: async () => (await counts()).connections,
    };

    // The database process bridges the driver's WebSocket itself, as Neon's proxy runs beside Neon.
    Object.assign(process.env, env, { DATABASE_WS_PROXY: pg.wsProxy, DATABASE_SQL_ENDPOINT: pg.sqlEndpoint });
    let seeded;
    const services = await startLocalServices({
      databaseUrl: pg.databaseUrl,
      async afterDatabase({ databaseUrl, wsProxy }) {
        if (!seed) return;
        const { db } = createDb(databaseUrl, wsProxy);
        try {
          seeded = await seed(db);
        } finally {
          await db.destroy();
        }
      },
      build: true,
      site: { port: 0, hosts: ['127.0.0.1'], cdnCache },
      log: () => {},
    });
    stopServices = services.stop;
    return { port: /** @type {number} */ (services.port), counter, seeded: /** @type {T} */ (seeded), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

function percentile(sorted, p) {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/**
 * One request over loopback on a new connection, timed to the last byte of the answer.
 * `localAddress` (any 127.x.y.z) makes it come from a distinct client address.
 * @param {number} port
 * @param {{ path: string, method?: string, body?: string, headers?: Record<string, string>, localAddress?: string }} r
 * @returns {Promise<{ ms: number, status: number, bytes: number }>}
 */
export function timedRequest(port, { path: pathname, method = 'GET', body, headers = {}, localAddress }) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request({ host: '127.0.0.1', port, path: pathname, method, headers, localAddress, agent: false }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ ms: performance.now() - t0, status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * One client at a time: up to `iterations` requests or `seconds`, after `warmup` unmeasured ones;
 * p50/p99 and the SQL statements each request sent.
 * @param {() => Promise<{ ms: number, status: number, bytes: number }>} send
 */
export async function measureSerial(send, options) {
  const [result] = await measureSerialInTurn([send], options);
  return result;
}

/**
 * measureSerial for several requests at once, sent in turn (one of each, then again), so that the
 * machine's slow and quick moments fall on all of them alike: a shared host's speed drifts over
 * seconds, and pages measured one after the other were compared at different speeds (the static
 * page's p99 alone went from 14 to 38 ms between two runs). `seconds` bounds the whole phase.
 * @param {(() => Promise<{ ms: number, status: number, bytes: number }>)[]} sends
 */
export async function measureSerialInTurn(sends, { counter, expectStatus = 200, warmup = 10, iterations, seconds }) {
  for (let i = 0; i < warmup; i += 1) for (const send of sends) await send();
  const results = sends.map(() => ({ times: [], statements: new Set(), bytes: 0 }));
  const deadline = performance.now() + seconds * 1000;
  for (let i = 0; i < iterations && performance.now() < deadline; i += 1) {
    for (const [k, send] of sends.entries()) {
      const before = await counter.count();
      const r = await send();
      if (r.status !== expectStatus) throw new Error(`answered ${r.status}, not ${expectStatus}`);
      results[k].times.push(r.ms);
      results[k].statements.add((await counter.count()) - before);
      results[k].bytes = r.bytes;
    }
  }
  return results.map(({ times, statements, bytes }) => {
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p99: percentile(times, 99), n: times.length, statements: [...statements].sort(), bytes };
  });
}

/**
 * `clients` clients at once, each sending its next request when its last is answered, until
 * `requests` were sent or `seconds` passed. The first `warmup` requests go the same way and are
 * reported apart (`warmup`): until the JIT has compiled the busy paths and the pools have grown,
 * a fresh server answers at about half its speed for a second or more, which is start-up, not load.
 * @param {(client: number) => Promise<{ ms: number, status: number }>} send
 */
export async function measureConcurrent(send, { clients, requests, seconds, expectStatus = 200, warmup = 0 }) {
  async function phase(count) {
    const times = [];
    let sent = 0;
    const started = performance.now();
    const deadline = started + seconds * 1000;
    async function client(k) {
      while (sent < count && performance.now() < deadline) {
        sent += 1;
        const r = await send(k);
        if (r.status !== expectStatus) throw new Error(`answered ${r.status} under load, not ${expectStatus}`);
        times.push(r.ms);
      }
    }
    await Promise.all(Array.from({ length: clients }, (_, k) => client(k)));
    const elapsed = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p99: percentile(times, 99), n: times.length, perSecond: times.length / elapsed };
  }
  const warm = warmup > 0 ? await phase(warmup) : undefined;
  return { ...(await phase(requests)), warmup: warm };
}

/** Prints rows (the first is the header) as aligned plain-text columns. */
export function printTable(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => String(row[c]).length)));
  const line = (row) => row.map((cell, c) => String(cell).padEnd(widths[c])).join('  ');
  console.log(line(rows[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
}

/**
 * Runs one benchmark: starts the site (`startBenchSite(options)`), hands it to `measure`, then
 * prints what every figure depends on (connections opened, the machine, what the times include).
 * The site stops whatever happens, and a failure exits 1.
 * @param {Parameters<typeof startBenchSite>[0]} options
 * @param {(site: Awaited<ReturnType<typeof startBenchSite>>) => Promise<void>} measure
 */
export async function runBenchmark(options, measure) {
  let site;
  try {
    site = await startBenchSite(options);
    await measure(site);
    console.log(
      `\n${await site.counter.connections()} database connections opened in all (the pages' reads open none: one HTTP query each, src/server/db/page-reads.ts; other requests in flight together share them, the last one out ends them: src/server/db/client.ts).`,
    );
    console.log(machineLine());
    console.log(
      "Times are to the last byte over loopback, including the Netlify emulation's routing; the database is embedded PGlite in another process, behind the bridge the driver reaches it through (WebSocket connections and HTTP queries).",
    );
  } catch (err) {
    console.error(`\nBenchmark failed: ${err instanceof Error ? err.stack : err}`);
    process.exitCode = 1;
  } finally {
    await site?.stop();
    // The on-demand function's pool may keep an idle timer; exit rather than wait for it.
    process.exit();
  }
}

function machineLine() {
  return `Node ${process.version}, ${process.platform}/${process.arch}, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}.`;
}
