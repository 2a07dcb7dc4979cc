// `npm run test:netlify`: the production build as Netlify makes and runs it, offline, with no
// account and no network. Netlify's own CLI builds the site (`netlify serve` runs the build command
// and zips every function with Netlify's bundler); every built zip is then loaded in a child Node
// under Lambda's module flags (the ssr one also answers the requests Astro answers before any page,
// each with every security header); and the build, served by Netlify's own runtime, answers an
// end-to-end smoke over HTTP against a real database: every public page, every API read, an
// enquiry, a newsletter sign-up, an admin login with the send-again routes of a notice and a welcome,
// an article published then read on its page and in the feed, an image uploaded in parts.
//
// What it catches that `npm start` cannot: a function that Netlify's bundler packs differently from
// our esbuild bundle (a file or native addon left out), a route Netlify's router answers otherwise,
// a package that fails to load under Lambda's flags.
//
// Database: a fresh database on the PostgreSQL server TEST_DATABASE_URL names (dropped at the
// end), or else the embedded PGlite, reached by the Neon driver through the local WebSocket bridge.
// Ports: TEST_NETLIFY_PORT (default 4502) and the next one for Netlify's functions server.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import extractZip from 'extract-zip';
import sharp from 'sharp';
import { parse as parseToml } from 'smol-toml';
import { Pool } from '@neondatabase/serverless';
import { sampleEnquiry } from '../tests/support/sample-enquiry.ts';
import { configureNeonProxy } from '../src/server/db/client.ts';
import { articleUrl } from '../src/lib/permalinks.ts';
import { REMOTE_IMAGE_HOSTS } from '../src/lib/remote-images.ts';
import { SECURITY_HEADERS } from '../src/server/http/security-headers.ts';
import { UPLOAD_PART_BYTES } from '../src/schemas/upload.ts';
import { startDatabase } from './lib/database-env.mjs';
import { startEmbeddedPostgres } from './lib/embedded-postgres.mjs';
import { prepareDatabase } from './lib/prepare-database.mjs';
import { createScratchDatabase } from './lib/scratch-database.mjs';
import { LAMBDA_NODE_FLAGS, projectRoot } from './lib/runtime-env.mjs';

const PORT = Number(process.env.TEST_NETLIFY_PORT || 4502);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const FUNCTIONS_DIR = path.join(projectRoot, '.netlify/functions');
const NETLIFY_BIN = path.join(projectRoot, 'node_modules/netlify-cli/bin/run.js');
const RUN = crypto.randomBytes(4).toString('hex');
const ADMIN = { username: `smoke.${RUN}@example.com`, password: `Smoke-${crypto.randomBytes(12).toString('base64url')}` };

const cleanups = [];
let failures = 0;
const step = (title) => console.log(`\n=== ${title} ===`);
function check(ok, label, detail = '') {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${label}${detail ? `  (${detail})` : ''}`);
  if (!ok) failures += 1;
  return ok;
}
const kB = (bytes) => `${(bytes / 1024).toFixed(0)} kB`;

async function cleanUp() {
  for (const fn of cleanups.reverse()) {
    try {
      await fn();
    } catch (err) {
      console.error(`  clean-up: ${err instanceof Error ? err.message : err}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => cleanUp().then(() => process.exit(130)));
process.once('uncaughtException', (err) => {
  console.error(err);
  cleanUp().then(() => process.exit(1));
});

/** A database of this run's own, migrated, seeded and holding the smoke's admin. */
async function startSmokeDatabase() {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) {
    const pg = await startEmbeddedPostgres();
    cleanups.push(pg.stop);
    return { databaseUrl: pg.databaseUrl, wsProxy: pg.wsProxy, sqlEndpoint: pg.sqlEndpoint, label: 'embedded PGlite' };
  }
  const bridge = await startDatabase({ databaseUrl: server });
  cleanups.push(bridge.stop);
  configureNeonProxy(bridge.wsProxy);
  const scratch = await createScratchDatabase(server, 'netlify_smoke');
  cleanups.push(scratch.drop);
  return { databaseUrl: scratch.databaseUrl, wsProxy: bridge.wsProxy, sqlEndpoint: bridge.sqlEndpoint, label: `PostgreSQL at ${new URL(server).host}, database ${scratch.name}` };
}

/** Subscribers enough that their export streams in three batches, read after the handler has returned. */
const BULK_SUBSCRIBERS = 1_100;
async function addBulkSubscribers({ databaseUrl, wsProxy }) {
  configureNeonProxy(wsProxy);
  const pool = new Pool({ connectionString: databaseUrl });
  pool.on('error', () => {});
  try {
    await pool.query(
      `insert into subscribers (email, subscribed_at) select 'bulk' || i || '.${RUN}@example.com', now() - i * interval '1 minute' from generate_series(1, ${BULK_SUBSCRIBERS}) as i`,
    );
  } finally {
    await pool.end();
  }
}

/** Refuses to start on a port something already answers on: the smoke would test that instead. */
async function assertPortFree(port) {
  const server = net.createServer();
  await new Promise((resolve, reject) => {
    server.once('error', () => reject(new Error(`port ${port} is in use: stop what listens there or set TEST_NETLIFY_PORT`)));
    server.listen(port, '127.0.0.1', resolve);
  });
  await new Promise((resolve) => server.close(resolve));
}

/** Runs `netlify serve` (build, then serve) until it answers; resolves with a stop function. */
async function startNetlifyServe(env) {
  await assertPortFree(PORT);
  await assertPortFree(PORT + 1);
  const log = [];
  const child = spawn(
    process.execPath,
    [NETLIFY_BIN, 'serve', '--offline', '--internal-disable-edge-functions', '--port', String(PORT), '--functions-port', String(PORT + 1)],
    { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      const text = chunk.toString();
      log.push(text);
      if (process.env.TEST_NETLIFY_VERBOSE) process.stdout.write(text.replace(/^/gm, '  [netlify] '));
    });
  }
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // Its own process group: the CLI's build and static servers go with it.
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }, 10_000);
    await exited;
    clearTimeout(timer);
  };
  cleanups.push(stop);
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const r = await fetch(`${ORIGIN}/api/services`, { signal: AbortSignal.timeout(5_000) });
      await r.arrayBuffer();
      if (r.status === 200) return { log };
    } catch {}
    await new Promise((r) => setTimeout(r, 2_000));
  }
  console.error(log.join('').split('\n').slice(-60).join('\n'));
  throw new Error(`netlify serve did not answer at ${ORIGIN} (${child.exitCode === null ? 'timed out' : `exited ${child.exitCode}`})`);
}

/** Loads each built zip's entry point and its function module in a child Node under Lambda's flags. */
async function checkZips() {
  const manifest = JSON.parse(fs.readFileSync(path.join(FUNCTIONS_DIR, 'manifest.json'), 'utf8'));
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'netlify-zips-'));
  cleanups.push(async () => fs.rmSync(root, { recursive: true, force: true }));
  const sizes = {};
  for (const fn of manifest.functions) {
    const zip = fn.path;
    sizes[fn.name] = fs.statSync(zip).size;
    const dir = path.join(root, fn.name);
    await extractZip(zip, { dir });
    // The entry point hands the Lambda handler the module below; load that module too, since the
    // bootstrap may import it only on the first invocation.
    const entry = fs.readFileSync(path.join(dir, '___netlify-entry-point.mjs'), 'utf8');
    const modulePath = /getLambdaHandler\('([^']+)'\)/.exec(entry)?.[1];
    // Lambda's Node runtime defines the `awslambda` global that Netlify's bootstrap reads at load;
    // a stand-in does here. Everything else is the zip's own.
    const probe = `
      globalThis.awslambda = { streamifyResponse: (handler) => handler, HttpResponseStream: { from: (stream) => stream } };
      try {
        const entry = await import(${JSON.stringify(pathToFileURL(path.join(dir, '___netlify-entry-point.mjs')).href)});
        if (typeof entry.handler !== 'function') throw new Error('the entry point exports no handler');
        ${modulePath ? `const mod = await import(${JSON.stringify(pathToFileURL(path.join(dir, modulePath)).href)});
        if (typeof mod.default !== 'function') throw new Error('the function module has no default export');` : ''}
        console.log('loaded');
      } catch (err) {
        console.log('LOAD ERROR ' + (err.code ? err.code + ' ' : '') + String(err.message).slice(0, 300));
        process.exitCode = 1;
      }`;
    const result = await new Promise((resolve) => {
      const child = spawn(process.execPath, [...LAMBDA_NODE_FLAGS, '--input-type=module', '-e', probe], {
        cwd: dir,
        env: { PATH: process.env.PATH, HOME: os.tmpdir() }, // nothing of ours: a Lambda has only its own files
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (c) => (out += c));
      child.stderr.on('data', (c) => (out += c));
      child.once('exit', (code) => resolve({ code, out }));
    });
    const firstError = result.out.split('\n').find((l) => l.startsWith('LOAD ERROR')) ?? `exit ${result.code}`;
    check(result.code === 0 && result.out.includes('loaded'), `${fn.name}.zip loads under ${LAMBDA_NODE_FLAGS.join(' ')}`, result.code === 0 ? kB(sizes[fn.name]) : firstError);
  }
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  console.log(`  zip sizes: ${Object.entries(sizes).map(([n, s]) => `${n} ${kB(s)}`).join(', ')}; total ${kB(total)}`);
  return { sizes, manifest, unpacked: root };
}

/**
 * Answers Astro and its adapter give before any page renders, so no middleware of ours sees them:
 * the function's entry (src/server/pages/on-demand-function.ts) adds the security headers to each.
 * [label, path, RequestInit, status].
 */
const OWN_ANSWERS = [
  ['the trailing-slash redirect', '/insights/', {}, 301],
  ['the origin check: a POST with no Origin', '/admin/logout', { method: 'POST', body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 403],
  ['the origin check: a POST from another site', '/contact', { method: 'POST', body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' } }, 403],
  ['a path encoded more levels deep than Astro decodes', `/insights/%${'25'.repeat(12)}61`, {}, 400],
  ['the adapter refusing locals a client wrote', `/insights/locals-${RUN}`, { headers: { 'x-astro-locals': '{}' } }, 403],
];

/** The security headers `headers` (a Headers, or a plain object of lower-case names) lacks or has otherwise. */
function lackingSecurityHeaders(headers) {
  const get = (name) => (headers instanceof Headers ? headers.get(name) : headers[name.toLowerCase()]) ?? null;
  return Object.entries(SECURITY_HEADERS)
    .filter(([name, value]) => get(name) !== value)
    .map(([name]) => name);
}

/**
 * `netlify serve` adds netlify.toml's [[headers]] to a function's answer as well, which the platform
 * does not (its rules cover the files it serves itself): over HTTP, the smoke would find the set on
 * these answers whether or not the function sends it. So the ssr zip's own module, the one
 * Netlify's bootstrap hands each invocation, answers them here, in a child Node under Lambda's flags.
 */
async function checkShippedOnDemandAnswers({ unpacked }) {
  const dir = path.join(unpacked, 'ssr');
  const entry = fs.readFileSync(path.join(dir, '___netlify-entry-point.mjs'), 'utf8');
  const modulePath = /getLambdaHandler\('([^']+)'\)/.exec(entry)?.[1];
  if (!check(modulePath !== undefined, 'the ssr zip names its function module')) return;
  const probe = `
    globalThis.awslambda = { streamifyResponse: (handler) => handler, HttpResponseStream: { from: (stream) => stream } };
    const { default: handle } = await import(${JSON.stringify(pathToFileURL(path.join(dir, modulePath)).href)});
    const answers = [];
    for (const [, p, init] of ${JSON.stringify(OWN_ANSWERS)}) {
      const response = await handle(new Request(new URL(p, 'https://www.surgere.example'), init), { ip: '203.0.113.9', params: {}, geo: {}, site: {}, deploy: {}, account: {}, requestId: 'smoke' });
      const body = await response.arrayBuffer();
      answers.push({ status: response.status, headers: Object.fromEntries(response.headers), bodyLength: body.byteLength });
    }
    console.log('ANSWERS ' + JSON.stringify(answers));`;
  const out = await new Promise((resolve) => {
    const child = spawn(process.execPath, [...LAMBDA_NODE_FLAGS, '--input-type=module', '-e', probe], {
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: os.tmpdir() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (c) => (text += c));
    child.stderr.on('data', (c) => (text += c));
    child.once('exit', () => resolve(text));
  });
  const line = out.split('\n').find((l) => l.startsWith('ANSWERS '));
  if (!check(line !== undefined, "the ssr zip's module answers", line === undefined ? out.slice(0, 300) : '')) return;
  const answers = JSON.parse(line.slice('ANSWERS '.length));
  OWN_ANSWERS.forEach(([label, p, , status], i) => {
    const lacking = lackingSecurityHeaders(answers[i].headers);
    check(answers[i].status === status && lacking.length === 0, `the ssr zip, ${label}: ${p.slice(0, 40)} -> ${status} with every security header`, `${answers[i].status}${lacking.length ? `, lacking ${lacking.join(', ')}` : ''}`);
  });
  // A redirect has no body (src/server/pages/on-demand-function.ts): Astro's own is HTML labelled text/plain.
  const redirect = answers[OWN_ANSWERS.findIndex(([label]) => label === 'the trailing-slash redirect')];
  check(redirect.bodyLength === 0 && redirect.headers['content-type'] === undefined, 'the ssr zip, the trailing-slash redirect: no body and no Content-Type', `${redirect.bodyLength} bytes, ${redirect.headers['content-type']}`);
}

/** Where argon2 keeps the binaries Lambda loads (Linux x64; glibc, and musl for completeness). */
const ARGON2_LAMBDA_BINARIES = 'node_modules/argon2/prebuilds/linux-x64';

/**
 * What the build wrote for the platform, as netlify.toml and the sources ask: every function on the
 * Node that netlify.toml's NODE_VERSION names; argon2's Linux x64 binaries in every zip that holds
 * argon2, named in netlify.toml (the tracer alone keeps only the building machine's binary); the
 * image CDN's remote_images letting the remote image hosts through and no other.
 */
function checkPlatformSettings({ manifest, unpacked }) {
  const toml = parseToml(fs.readFileSync(path.join(projectRoot, 'netlify.toml'), 'utf8'));
  const nodeVersion = toml.build.environment.NODE_VERSION;
  const runtimes = [...new Set(manifest.functions.map((f) => f.runtimeVersion))];
  check(runtimes.length === 1 && runtimes[0] === `nodejs${nodeVersion}.x`, `every function runs on nodejs${nodeVersion}.x, netlify.toml's NODE_VERSION`, runtimes.join(', '));

  const binaries = fs.readdirSync(path.join(projectRoot, ARGON2_LAMBDA_BINARIES)).sort();
  const holding = manifest.functions.filter((f) => fs.existsSync(path.join(unpacked, f.name, 'node_modules/argon2/argon2.cjs'))).map((f) => f.name);
  const named = Object.entries(toml.functions ?? {})
    .filter(([, settings]) => (settings.included_files ?? []).includes(`${ARGON2_LAMBDA_BINARIES}/*`))
    .map(([name]) => name);
  check(
    holding.length > 0 && holding.sort().join() === named.sort().join(),
    "netlify.toml names argon2's Linux x64 binaries for exactly the functions that hold argon2",
    `holding argon2: ${holding.join(', ')}; named: ${named.join(', ') || 'none'}`,
  );
  for (const name of holding) {
    const absent = binaries.filter((file) => {
      const shipped = path.join(unpacked, name, ARGON2_LAMBDA_BINARIES, file);
      return !fs.existsSync(shipped) || !fs.readFileSync(shipped).equals(fs.readFileSync(path.join(projectRoot, ARGON2_LAMBDA_BINARIES, file)));
    });
    check(absent.length === 0, `${name}.zip holds argon2's Linux x64 binaries (${binaries.join(', ')})`, absent.length ? `missing: ${absent.join(', ')}` : '');
  }

  // The adapter writes image.remotePatterns as Netlify's remote_images (regular expressions over
  // the whole URL); the CDN fetches nothing else.
  const frameworkConfig = JSON.parse(fs.readFileSync(path.join(projectRoot, '.netlify/v1/config.json'), 'utf8'));
  const allowed = (frameworkConfig.images?.remote_images ?? []).map((pattern) => new RegExp(pattern));
  for (const host of REMOTE_IMAGE_HOSTS) {
    const url = `https://${host}/photo-1.jpg?w=1200&q=80`;
    check(allowed.some((r) => r.test(url)), `the image CDN may fetch ${url}`, `${allowed.length} remote_images patterns`);
  }
  check(!allowed.some((r) => r.test('https://images.example.org/photo-1.jpg')), 'the image CDN fetches from no other host');
}

/** Every file under `dir`, recursively. */
function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * The build saw the secrets a deploy's build sees (SESSION_SECRET, when its scope includes Builds):
 * none may be baked into a file the CDN serves (dist, the browser's bundle included) nor into a
 * function, where it would outlive a rotation.
 */
function checkNoSecretBuiltIn({ unpacked }, secrets) {
  for (const [label, dir] of [['dist (what the CDN serves)', path.join(projectRoot, 'dist')], ['the function zips', unpacked]]) {
    const holding = filesUnder(dir).filter((file) => {
      const bytes = fs.readFileSync(file);
      return Object.values(secrets).some((secret) => bytes.includes(secret));
    });
    check(holding.length === 0, `no secret of the build's environment (${Object.keys(secrets).join(', ')}) in ${label}`, holding.map((f) => path.relative(dir, f)).join(', '));
  }
}

/** The public pages: the sitemap's, plus the pages kept out of it. */
async function smoke({ manifest }) {
  const get = (p, init) => fetch(new URL(p, ORIGIN), { redirect: 'manual', ...init });
  const sendJson = (p, method, body, headers = {}) =>
    fetch(new URL(p, ORIGIN), { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  step('Routes: one function per request path');
  // A Scheduled Function has no routes, only its schedule.
  const overlapping = manifest.functions.filter((f) => f.name !== 'ssr' && (f.routes ?? []).some((r) => r.pattern.includes('*')));
  check(overlapping.length === 0, 'no user function claims a wildcard path', overlapping.map((f) => f.name).join(', '));
  // One job a Scheduled Function, each on the schedule its work needs.
  for (const [name, schedule, every] of [
    ['outbox-sender', '*/5 * * * *', 'every 5 minutes'],
    ['abandoned-upload-parts', '@hourly', 'hourly'],
    ['enquiry-retention', '@hourly', 'hourly'],
    ['unused-images', '@daily', 'daily'],
    ['expired-preview-uploads', '@daily', 'daily'],
  ]) {
    const fn = manifest.functions.find((f) => f.name === name);
    check(fn?.schedule === schedule && !fn.routes, `${name} is a Scheduled Function, ${every}, with no path`, JSON.stringify(fn?.schedule));
  }

  step('Pages');
  const sitemap = await (await get('/sitemap.xml')).text();
  const sitemapPaths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const pagePaths = new Set(['/', ...sitemapPaths.filter((p) => !p.endsWith('.xml'))]);
  for (const child of sitemapPaths.filter((p) => p.endsWith('.xml'))) {
    const part = await (await get(child)).text();
    for (const m of part.matchAll(/<loc>([^<]+)<\/loc>/g)) pagePaths.add(new URL(m[1]).pathname);
  }
  for (const extra of ['/admin', '/robots.txt', '/sitemap.xml', '/insights/rss.xml']) pagePaths.add(extra);
  check(pagePaths.size >= 12, `the sitemap lists the public pages`, `${pagePaths.size} paths`);
  /** Pages whose HTML does not name its encoding, UTF-8, in its Content-Type. */
  const unnamed = [];
  for (const p of pagePaths) {
    const r = await get(p);
    await r.arrayBuffer();
    const type = r.headers.get('content-type') ?? '';
    check(r.status === 200, `GET ${p} -> 200`, `${r.status} ${type}`);
    if (type.startsWith('text/html') && !/^text\/html; ?charset=utf-8$/i.test(type)) unnamed.push(`${p} (${type})`);
  }
  check(unnamed.length === 0, 'every page names UTF-8 in its Content-Type, static and on-demand', unnamed.join(', '));
  const slashed = [...pagePaths].filter((p) => p !== '/' && (p.endsWith('/') || p.endsWith('.html')));
  check(slashed.length === 0, 'the sitemap names every page without a trailing slash', slashed.join(', '));
  const aboutHtml = await (await get('/about')).text();
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(aboutHtml)?.[1];
  check(canonical === `${ORIGIN}/about`, '/about names itself as its canonical URL', canonical);
  // Islands fetch the whole site stylesheet each page names, the first island used fetches Astro's
  // island runtime (src/server/pages/island-runtime.ts), and every page's inline start fetches the page
  // runtime (src/scripts/page-start.ts): a prerendered page's and an on-demand page's (rendered by
  // the function from its own copy) must all be served.
  const namedFiles = [
    { attribute: 'data-site-stylesheet', label: 'the site stylesheet, served as CSS', type: 'text/css', holds: '/*! tailwindcss' },
    { attribute: 'data-island-runtime', label: 'the island runtime, served as JavaScript', type: 'javascript', holds: 'customElements.define("astro-island"' },
    { attribute: 'data-page-runtime', label: 'the page runtime, served as JavaScript', type: 'javascript', holds: 'data-mobile-nav-open' },
  ];
  for (const p of ['/about', '/insights']) {
    const pageHtml = await (await get(p)).text();
    for (const named of namedFiles) {
      const href = new RegExp(`<html[^>]*\\s${named.attribute}="([^"]+)"`).exec(pageHtml)?.[1];
      const file = href ? await get(href) : undefined;
      const text = file ? await file.text() : '';
      const type = file?.headers.get('content-type') ?? '';
      check(file?.status === 200 && type.includes(named.type) && text.includes(named.holds), `${p} names ${named.label}`, `${href} ${file?.status} ${type}`);
    }
  }
  const missing = await get(`/no-such-page-${RUN}`);
  await missing.arrayBuffer();
  check(missing.status === 404 && (missing.headers.get('content-type') ?? '').startsWith('text/html'), 'an unknown page -> the HTML 404', String(missing.status));

  step("The on-demand function's own answers, through Netlify's router");
  // Their statuses as the router answers them (their headers: checkShippedOnDemandAnswers).
  for (const [label, p, init, status] of OWN_ANSWERS) {
    const r = await get(p, init);
    await r.arrayBuffer();
    const lacking = lackingSecurityHeaders(r.headers);
    check(r.status === status && lacking.length === 0, `${label}: ${p.slice(0, 40)} -> ${status} with every security header`, `${r.status}${lacking.length ? `, lacking ${lacking.join(', ')}` : ''}`);
  }

  step('API reads');
  for (const p of ['/api/services', '/api/packages', '/api/team-members', '/api/company-stats', '/api/site-content', '/api/articles']) {
    const r = await get(p);
    const isJson = (r.headers.get('content-type') ?? '').startsWith('application/json');
    const text = await r.text();
    const body = isJson ? JSON.parse(text) : undefined;
    const entries = Array.isArray(body) ? body.length : Array.isArray(body?.items) ? body.items.length : Object.keys(body ?? {}).length;
    check(r.status === 200 && isJson, `GET ${p} -> 200 JSON`, `${r.status}, ${entries} entries`);
  }
  const services = await (await get('/api/services')).json();
  const firstService = await get(`/api/services/${services[0].id}`);
  await firstService.arrayBuffer();
  check(firstService.status === 200, `GET /api/services/${services[0].id} -> 200`, String(firstService.status));
  const me = await get('/api/auth/me');
  await me.arrayBuffer();
  check(me.status === 401, 'GET /api/auth/me without a session -> 401', String(me.status));
  const unknown = await get(`/api/no-such-endpoint-${RUN}`);
  const unknownBody = await unknown.text();
  // Netlify's CLI hands the pages' function the last file it looked for ('/index.htm' appended);
  // the deployed platform passes the path as requested.
  check(
    unknown.status === 404 &&
      (unknown.headers.get('content-type') ?? '').startsWith('application/json') &&
      JSON.parse(unknownBody).error.startsWith(`No API route for /api/no-such-endpoint-${RUN}`),
    'an unknown /api path -> the JSON 404',
    `${unknown.status} ${unknownBody.slice(0, 80)}`,
  );

  step('Forms');
  const enquiry = await sendJson('/api/contacts', 'POST', sampleEnquiry(`ada.${RUN}@example.com`));
  await enquiry.arrayBuffer();
  check(enquiry.status === 201, 'POST /api/contacts (an enquiry) -> 201', String(enquiry.status));
  const newsletter = await sendJson('/api/newsletter', 'POST', { email: `news.${RUN}@example.com` });
  await newsletter.arrayBuffer();
  check(newsletter.status === 201, 'POST /api/newsletter -> 201', String(newsletter.status));
  // A plain form post goes back to the page its action names, query and all: the query of a
  // function's own path must reach it on Netlify's runtime too.
  const from = '/insights?category=Thought%20Leadership&page=2';
  const plain = await fetch(new URL(`/api/newsletter?${new URLSearchParams({ return: from })}`, ORIGIN), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    body: new URLSearchParams({ email: `plain.${RUN}@example.com`, website: '' }),
  });
  await plain.arrayBuffer();
  check(
    plain.status === 303 && plain.headers.get('location') === `${from}#newsletter-subscribed`,
    'a plain form post to /api/newsletter -> 303 back to the page it was posted from',
    `${plain.status} ${plain.headers.get('location')}`,
  );

  step('Admin');
  const login = await sendJson('/api/auth/login', 'POST', { username: ADMIN.username, password: ADMIN.password });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  await login.arrayBuffer();
  check(login.status === 200 && cookie.includes('='), 'POST /api/auth/login -> 200 and a session cookie', String(login.status));
  // Two Set-Cookie headers from one function answer: the platform must pass both on, not join or drop one.
  const cookieNames = login.headers.getSetCookie().map((c) => c.slice(0, c.indexOf('=')));
  check(cookieNames.join(' ') === 'session known-device', 'POST /api/auth/login sets the session and known-device cookies apart', cookieNames.join(' '));
  const meNow = await get('/api/auth/me', { headers: { cookie } });
  await meNow.arrayBuffer();
  check(meNow.status === 200, 'GET /api/auth/me with the session -> 200', String(meNow.status));
  const inbox = await get(`/api/enquiries?search=ada.${RUN}`, { headers: { cookie } });
  const inboxPage = inbox.status === 200 ? await inbox.json() : await inbox.text();
  check(inbox.status === 200 && inboxPage.total === 1 && inboxPage.items[0].lastName === 'Lovelace', 'GET /api/enquiries (the admin inbox) finds the enquiry', String(inbox.status));
  const csv = await get(`/api/subscribers?format=csv&search=news.${RUN}`, { headers: { cookie } });
  const csvText = await csv.text();
  check(csv.status === 200 && csvText.includes(`news.${RUN}@example.com`), 'GET /api/subscribers?format=csv lists the new subscriber', String(csv.status));
  // The two send-again routes carry the lead's id in the path. A message that has not failed is
  // not sent again: a 409 from the function itself, where a path Netlify does not route is a 404.
  const listed = await get(`/api/subscribers?search=news.${RUN}`, { headers: { cookie } });
  const subscriberId = listed.status === 200 ? (await listed.json()).items[0]?.id : await listed.text();
  for (const [p, error] of [
    [`/api/enquiries/${inboxPage.items?.[0]?.id}/notice`, 'This notice has not failed: it is sent, or still being tried'],
    [`/api/subscribers/${subscriberId}/welcome`, 'This welcome has not failed: it is sent, or still being tried'],
  ]) {
    const again = await sendJson(p, 'POST', {}, { cookie });
    const body = await again.text();
    const answered = again.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(body).error : body.slice(0, 80);
    check(again.status === 409 && answered === error, `POST ${p.replace(/\/\d+\//, '/:id/')} (send again) -> 409 while it has not failed`, `${again.status} ${answered}`);
  }
  const bulk = await get(`/api/subscribers?format=csv&search=bulk`, { headers: { cookie } });
  const bulkLines = (await bulk.text()).split('\r\n').filter(Boolean);
  check(
    bulk.status === 200 && bulkLines.length === BULK_SUBSCRIBERS + 1 && bulkLines[1].startsWith(`bulk1.${RUN}@example.com,`),
    `GET /api/subscribers?format=csv streams all ${BULK_SUBSCRIBERS} in batches, newest first`,
    `${bulk.status}, ${bulkLines.length - 1} rows`,
  );

  step('Upload in parts');
  const issued = await fetch(new URL('/api/objects/upload', ORIGIN), { method: 'POST', headers: { cookie } });
  const issuedText = await issued.text();
  const uploadURL = issued.status === 200 ? JSON.parse(issuedText).uploadURL : undefined;
  check(typeof uploadURL === 'string', 'POST /api/objects/upload -> a signed upload URL', String(issued.status));
  if (uploadURL) {
    // A PNG signature and random bytes: an image to the sniffer, one and a half parts long.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const file = Buffer.concat([png, crypto.randomBytes(Math.floor(UPLOAD_PART_BYTES * 1.5) - png.length)]);
    const put = (start, end) =>
      fetch(new URL(uploadURL, ORIGIN), {
        method: 'PUT',
        headers: { 'content-type': 'image/png', 'content-range': `bytes ${start}-${end}/${file.length}` },
        body: file.subarray(start, end + 1),
      });
    const first = await put(0, UPLOAD_PART_BYTES - 1);
    await first.arrayBuffer();
    check(first.status === 202, `PUT part 1 (${kB(UPLOAD_PART_BYTES)}) -> 202`, String(first.status));
    const last = await put(UPLOAD_PART_BYTES, file.length - 1);
    const lastText = await last.text();
    const stored = last.status === 201 ? JSON.parse(lastText) : {};
    check(last.status === 201 && stored.size === file.length, `PUT part 2 -> 201, ${kB(file.length)} stored`, String(last.status));
    if (stored.objectPath) {
      const served = await get(stored.objectPath);
      const bytes = Buffer.from(await served.arrayBuffer());
      check(served.status === 200 && bytes.equals(file), `GET ${stored.objectPath} -> the same bytes`, `${served.status}, ${kB(bytes.length)}`);
    }
  }

  // A real photograph-sized JPEG in one PUT, for the article below: the Image CDN must decode it.
  let imageUrl = '';
  const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2f5d8a' } }).jpeg().toBuffer();
  const photoIssued = await fetch(new URL('/api/objects/upload', ORIGIN), { method: 'POST', headers: { cookie } });
  const photoURL = JSON.parse(await photoIssued.text()).uploadURL;
  const photoPut = await fetch(new URL(photoURL, ORIGIN), { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: photo });
  const photoText = await photoPut.text();
  if (check(photoPut.status === 201, `PUT a ${kB(photo.length)} JPEG in one request -> 201`, String(photoPut.status))) imageUrl = JSON.parse(photoText).objectPath;

  step('Publish an article');
  const title = `Netlify smoke ${RUN}`;
  const published = {
    title,
    description: 'Published by npm run test:netlify.',
    content: '<h2>Why</h2><p>Some <strong>bold</strong> text.<script>alert(1)</script></p>',
    author: 'Admin',
    category: 'Thought Leadership',
    imageUrl,
    youtubeUrl: '',
    readTime: '1 min read',
    metaTitle: '',
    metaDescription: '',
    tags: ['smoke'],
    slug: '',
    isFeatured: false,
    isPublished: true,
    publishedAt: new Date().toISOString(),
  };
  const created = await sendJson('/api/articles', 'POST', published, { cookie });
  const createdText = await created.text();
  const article = created.status === 201 ? JSON.parse(createdText) : {};
  check(created.status === 201 && Number.isInteger(article.id), 'POST /api/articles (published) -> 201', `${created.status} id ${article.id}`);
  if (article.id) {
    const page = await get(articleUrl(article));
    const html = await page.text();
    check(page.status === 200 && html.includes(title) && !html.includes('alert(1)'), `GET ${articleUrl(article)} -> 200, the article, sanitised`, String(page.status));
    // Its image, resized and re-encoded by the Image CDN (the SSR function carries no image library).
    const src = /<img[^>]*\ssrc="(\/\.netlify\/images\?[^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    if (check(Boolean(src), 'the article page shows its image through /.netlify/images')) {
      const image = await get(src);
      const body = Buffer.from(await image.arrayBuffer());
      check(image.status === 200 && image.headers.get('content-type') === 'image/jpeg' && body.length > 0, `GET ${src.slice(0, 60)}... -> 200 image/jpeg`, `${image.status} ${image.headers.get('content-type')} ${kB(body.length)}`);
    }
    const feed = await get('/insights/rss.xml');
    const feedText = await feed.text();
    check(feed.status === 200 && feedText.includes(title), 'GET /insights/rss.xml holds the new article', String(feed.status));
    const listed = await (await get('/api/articles')).text();
    check(listed.includes(title), 'GET /api/articles lists it');

    // Slugged, then renamed: the former slug (kept by migration 0015's trigger) and the slug in
    // capitals answer a 301 to the article's address.
    for (const slug of [`smoke-${RUN}`, `smoke-renamed-${RUN}`]) {
      const saved = await sendJson(`/api/articles/${article.id}`, 'PUT', { ...published, slug }, { cookie });
      await saved.arrayBuffer();
      check(saved.status === 200, `PUT /api/articles/${article.id} with slug ${slug} -> 200`, String(saved.status));
    }
    for (const from of [`/insights/smoke-${RUN}`, `/insights/SMOKE-RENAMED-${RUN}`]) {
      const moved = await get(from);
      await moved.arrayBuffer();
      const location = moved.headers.get('location');
      check(moved.status === 301 && location === `/insights/smoke-renamed-${RUN}`, `GET ${from} -> 301 to the article's slug`, `${moved.status} ${location}`);
    }
  }

}

const started = Date.now();
try {
  step('Database');
  const database = await startSmokeDatabase();
  await prepareDatabase({ databaseUrl: database.databaseUrl, wsProxy: database.wsProxy, adminUsername: ADMIN.username, adminPassword: ADMIN.password, log: () => {} });
  await addBulkSubscribers(database);
  console.log(`  ${database.label}: migrated, seeded, one admin, ${BULK_SUBSCRIBERS} subscribers`);

  step('netlify build and serve (offline, Netlify CLI)');
  const sessionSecret = crypto.randomBytes(48).toString('base64url');
  // A clean slate: no zips of an earlier build, and no local build stamp that `npm start` could
  // take for its own build afterwards (this build bakes in another site URL).
  fs.rmSync(FUNCTIONS_DIR, { recursive: true, force: true });
  fs.rmSync(path.join(projectRoot, 'dist/.build-fingerprint'), { force: true });
  const { DATABASE_URL: _a, NETLIFY_DATABASE_URL: _b, NETLIFY_SITE_ID: _c, NETLIFY_AUTH_TOKEN: _d, NODE_OPTIONS: _e, ...inherited } = process.env;
  const env = {
    ...inherited,
    ASTRO_TELEMETRY_DISABLED: '1',
    ASTRO_DISABLE_UPDATE_CHECK: 'true',
    BROWSER: 'none',
    SITE_URL: ORIGIN,
    DATABASE_URL: database.databaseUrl,
    DATABASE_WS_PROXY: database.wsProxy,
    DATABASE_SQL_ENDPOINT: database.sqlEndpoint,
    SESSION_SECRET: sessionSecret,
  };
  await startNetlifyServe(env);
  console.log(`  built and serving at ${ORIGIN} (${((Date.now() - started) / 1000).toFixed(0)} s)`);

  step("Built function zips, each loaded under Lambda's module flags");
  const built = await checkZips();
  checkPlatformSettings(built);
  checkNoSecretBuiltIn(built, { SESSION_SECRET: sessionSecret });
  await checkShippedOnDemandAnswers(built);

  await smoke(built);
} catch (err) {
  console.error(`\n${err instanceof Error ? (err.stack ?? err.message) : err}`);
  failures += 1;
} finally {
  await cleanUp();
}
console.log(`\n${failures ? `${failures} check(s) FAILED` : 'All checks passed'} in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
process.exit(failures ? 1 : 0);
