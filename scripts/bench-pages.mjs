// `npm run bench:pages`: for every public page (the brochure pages, the Insights list, an article
// and the 404 page), Lighthouse mobile (simulated throttling with the CPU slowdown calibrated to
// this host, as Lighthouse's throttling guide says to on a slower host; the median of BENCH_RUNS
// runs) and the
// gzip weight of what a real Chromium loads: HTML, CSS, and the JavaScript fetched by the time the
// page is idle, once for a first visit and once for a returning visitor whose cookie choice is
// stored. The seeded articles carry a 6,000 px photograph uploaded through the admin API, and the
// bytes of the images a phone downloads are reported too. It prints the figures per page and exits
// 1 when any page misses the budget below, so a run that goes over budget fails. A bare HTML page,
// measured the same way and printed last, shows the floor of the Lighthouse figures on the machine.
//
//   npm run bench:pages                      every page
//   npm run bench:pages -- /packages /about  just those
//   BENCH_RUNS=5 npm run bench:pages         more Lighthouse runs per page (median kept)
//   BENCH_LHR_DIR=/tmp/lhr npm run bench:pages   also keeps each page's median Lighthouse report
//                                             (JSON), to read where its LCP time goes, and each
//                                             run's Chrome trace (PATH.trace-N.json), to see its
//                                             main thread's tasks (DevTools' Performance panel)
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { initializeConfig } from 'lighthouse/core/config/config.js';
import * as lighthouseConstants from 'lighthouse/core/config/constants.js';
import { Runner } from 'lighthouse/core/runner.js';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { intSetting } from './lib/bench-harness.mjs';
import { projectRoot } from './lib/runtime-env.mjs';
import { samplePhoto } from './lib/sample-photo.mjs';
import { spawnSite } from './lib/spawn-site.mjs';
import { CONSENT_KEY } from '../src/lib/cookie-consent.ts';
import { articleUrl } from '../src/lib/permalinks.ts';

const ARTICLE = '/insights/{article}'; // the first seeded article, filled in once it exists
const ALL_PAGES = ['/', '/about', '/services', '/packages', '/partners', '/insights', ARTICLE, '/contact', '/cookie-policy', '/privacy-policy', '/terms-of-use', '/no-such-page'];
const PAGES = process.argv.slice(2).length ? process.argv.slice(2) : ALL_PAGES;
const RUNS = intSetting('BENCH_RUNS', 3, 1, 9);
const SEEDED_ARTICLES = 15; // more than one page of cards, so the list is measured as visitors see it
const BUDGET = { perf: 100, a11y: 100, bp: 100, seo: 100, lcpMs: 1200, tbtMs: 0, cls: 0, jsFirstKb: 75, jsReturningKb: 15, phoneImageKb: 100 };
/** Lighthouse's mobile device (Moto G Power), and a phone with a denser screen for the image check. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const DENSE_PHONE = { viewport: { width: 393, height: 852 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const port = Number(process.env.BENCH_PORT || 4398);
const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const gzipBytes = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1);

/** The 6,000 x 4,000 test photograph (~7 MB JPEG), made once and kept in node_modules/.cache. */
async function photo() {
  const file = path.join(projectRoot, 'node_modules/.cache/bench/sample-photo-6000.jpg');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, await samplePhoto(6000));
  }
  return fs.readFileSync(file);
}

/** Uploads `bytes` as the admin panel does (a signed URL, parts of at most 4 MiB); returns its path. */
async function uploadImage(base, cookie, bytes) {
  const target = await fetch(`${base}/api/objects/upload`, { method: 'POST', headers: { cookie, origin: base } });
  if (target.status !== 200) throw new Error(`upload URL answered ${target.status}: ${await target.text()}`);
  const { uploadURL } = await target.json();
  const PART = 4 * 1024 * 1024;
  let answer;
  for (let start = 0; start < bytes.length; start += PART) {
    const end = Math.min(start + PART, bytes.length) - 1;
    answer = await fetch(new URL(uploadURL, base), {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg', 'content-range': `bytes ${start}-${end}/${bytes.length}`, origin: base },
      body: bytes.subarray(start, end + 1),
    });
    if (![201, 202].includes(answer.status)) throw new Error(`upload part answered ${answer.status}: ${await answer.text()}`);
  }
  return (await answer.json()).objectPath;
}

/** Creates published articles through the admin API, as an editor would; returns the first one's path. */
async function seedArticles(base, admin) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: admin.username, password: admin.password }),
  });
  if (login.status !== 200) throw new Error(`admin login answered ${login.status}: ${await login.text()}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const imageUrl = await uploadImage(base, cookie, await photo());
  const categories = ['Thought Leadership', 'Industry Trends & Insights', 'Events & Announcements'];
  let first;
  for (let i = 1; i <= SEEDED_ARTICLES; i += 1) {
    const paragraphs = Array.from({ length: 8 }, (_, n) => `<p>Paragraph ${n + 1}: positioning, pricing and channel strategy for growth-stage firms, with practical steps a leadership team can take this quarter.</p>`);
    const r = await fetch(`${base}/api/articles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        title: `Growth levers that compound, part ${i}`,
        description: 'How senior-led strategy turns a crowded market into a clear position, in eight practical steps.',
        content: `<h2>Why it matters</h2>${paragraphs.join('')}`,
        author: 'Senior Strategist',
        category: categories[i % categories.length],
        readTime: '6 min read',
        tags: ['strategy'],
        imageUrl,
        isFeatured: i === SEEDED_ARTICLES,
        isPublished: true,
        publishedAt: new Date(Date.UTC(2026, 0, i)).toISOString(),
      }),
    });
    if (r.status !== 201) throw new Error(`creating an article answered ${r.status}: ${await r.text()}`);
    const article = await r.json();
    first ??= articleUrl(article);
  }
  return first;
}

/**
 * What a real Chromium loads by the time the page is idle: every script response (an island
 * that hydrates by itself does so by then; one hydrated on first use loads nothing), gzip level 9 of each body, plus the page's inline scripts.
 * `returning` stores a cookie choice first, as a visitor who answered the banner before.
 */
async function loadedWeight(browser, url, { returning, device = PHONE }) {
  const context = await browser.newContext(device);
  if (returning) await context.addInitScript(([key]) => window.localStorage.setItem(key, 'necessary-only'), [CONSENT_KEY]);
  const page = await context.newPage();
  const scripts = [];
  const images = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script') scripts.push(response);
    if (type === 'image') images.push(response);
  });
  const response = await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  // Anything started in an idle callback after load gets one more quiet spell.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500))));
  await page.waitForLoadState('networkidle');
  const html = (await response.body()).toString('utf8');
  let js = 0;
  let react = false;
  let admin = false;
  for (const r of scripts) {
    const body = await r.body().catch(() => Buffer.alloc(0));
    js += gzipBytes(body);
    const text = body.toString('utf8');
    if (text.includes('react.dev/errors/')) react = true;
    // The admin island (and its Lexical editor) must never reach a public page.
    if (/Admin|lexical/i.test(r.url()) || text.includes('Content Management System')) admin = true;
  }
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('');
  if (inline) js += gzipBytes(Buffer.from(inline));
  const cssLinks = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  let css = inlineCss ? gzipBytes(Buffer.from(inlineCss)) : 0;
  for (const href of cssLinks) css += gzipBytes(Buffer.from(await (await fetch(new URL(href, url))).arrayBuffer()));
  const blockingScripts = [...html.matchAll(/<script(?![^>]*type="module")(?![^>]*\b(?:async|defer)\b)[^>]*\bsrc="([^"]+)"/g)].length;
  // Images as sent (already compressed formats): the largest one a phone fetched, and its type.
  let largestImage = { bytes: 0, type: '-' };
  for (const r of images) {
    const bytes = (await r.body().catch(() => Buffer.alloc(0))).length;
    if (bytes > largestImage.bytes) largestImage = { bytes, type: (r.headers()['content-type'] ?? '-').replace('image/', '') };
  }
  await context.close();
  return { status: response.status(), html: gzipBytes(Buffer.from(html)), css, js, react, admin, blockingScripts, largestImage };
}

/** Lantern's first TCP window: ten segments of 1,460 bytes, headers and body together (docs/decisions/0027). */
const FIRST_WINDOW_BYTES = 14_600;

/**
 * The document's bytes on the wire, as the site sends it to a browser that accepts brotli: the
 * HTTP/1.1 status line and headers as sent, and the body as encoded (chunk framing not counted).
 */
function documentWireBytes(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': 'br, gzip, deflate' } }, (response) => {
      let bytes = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`.length + 2;
      for (let i = 0; i < response.rawHeaders.length; i += 2) bytes += Buffer.byteLength(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}\r\n`);
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * Lighthouse's CPU slowdown for a host of this benchmark index, by Lighthouse's own calibration
 * (its throttling guide's multiplier calculator): the default 4x stands for a host of index about
 * 1,530. Hosts of this kind have measured anywhere from about 800 to 2,800 from one run to the
 * next, as their neighbours load them; at 800 a fixed 4x makes each task of the page twice as long
 * as the phone's, and at 2,800 half as long (the slowdown is then about 9x).
 */
function calibratedCpuMultiplier(benchmarkIndex) {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  if (benchmarkIndex >= 150) return 1 + (benchmarkIndex - 150) / 650;
  return 1;
}

const LIGHTHOUSE_FLAGS = { output: 'json', logLevel: 'error', formFactor: 'mobile', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] };

/**
 * The median of RUNS Lighthouse runs of `url`. Each run is gathered once and audited twice from
 * the same trace: with Lighthouse's default CPU slowdown (4x), and with the slowdown calibrated
 * to the benchmark index Lighthouse measured on this host during that very run. The budget is held
 * to the calibrated audit; the default one's TBT is printed beside it.
 */
async function lighthouseMedian(url, chromePort) {
  /** Each valid run: its calibrated report, its TBT at the default 4x, and its slowdown. */
  const runs = [];
  let error;
  for (let i = 0; i < RUNS; i += 1) {
    const result = await lighthouse(url, { ...LIGHTHOUSE_FLAGS, port: chromePort });
    if (!result) continue;
    if (process.env.BENCH_LHR_DIR) {
      fs.mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
      const name = `${new URL(url).pathname.replace(/[^A-Za-z0-9]+/g, '_')}.trace-${i + 1}.json`;
      fs.writeFileSync(path.join(process.env.BENCH_LHR_DIR, name), JSON.stringify(result.artifacts.Trace));
    }
    if (result.lhr.runtimeError) {
      error = `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`;
      continue;
    }
    const benchmarkIndex = result.lhr.environment.benchmarkIndex;
    // Below 150 (or unmeasured) the host is too loaded for any calibration to stand for a phone.
    if (!(benchmarkIndex >= 150)) {
      error = `the host's benchmark index was ${benchmarkIndex}: too loaded to measure`;
      continue;
    }
    const multiplier = calibratedCpuMultiplier(benchmarkIndex);
    const throttling = { ...lighthouseConstants.throttling.mobileSlow4G, cpuSlowdownMultiplier: multiplier };
    const { resolvedConfig } = await initializeConfig('navigation', undefined, { ...LIGHTHOUSE_FLAGS, throttling });
    // The artifacts carry the settings they were gathered with, which Lighthouse holds an audit to.
    // Under simulated throttling the page runs unthrottled while it is gathered: the CPU slowdown
    // enters the audits' simulation, and the gathering only in the time budget Lighthouse gives
    // requestIdleCallback (40 ms / slowdown), which nothing on these pages uses. So the same trace
    // stands for either multiplier.
    const artifacts = { ...result.artifacts, settings: resolvedConfig.settings };
    const calibrated = await Runner.audit(artifacts, { resolvedConfig, computedCache: new Map() });
    if (!calibrated) continue;
    runs.push({ lhr: calibrated.lhr, tbt4x: Math.round(result.lhr.audits['total-blocking-time'].numericValue), cpuX: multiplier.toFixed(1) });
  }
  const validLhrs = new Set(filterToValidRuns(runs.map((run) => run.lhr)));
  const valid = runs.filter((run) => validLhrs.has(run.lhr));
  if (!valid.length) return { lhr: undefined, error: error ?? 'no valid Lighthouse run' };
  return {
    lhr: computeMedianRun(valid.map((run) => run.lhr)),
    error,
    tbtRuns: valid.map((run) => Math.round(run.lhr.audits['total-blocking-time'].numericValue)).join('/'),
    tbt4xRuns: valid.map((run) => run.tbt4x).join('/'),
    cpuX: valid.map((run) => run.cpuX).join('/'),
  };
}

/** A page's figures from its Lighthouse runs (`lighthouseMedian`; '-' where none was valid), as the table prints them. */
function lighthouseFigures({ lhr, tbtRuns, tbt4xRuns, cpuX }) {
  const score = (k) => (lhr ? Math.round((lhr.categories[k]?.score ?? 0) * 100) : '-');
  const num = (id) => lhr?.audits[id]?.numericValue;
  // Lighthouse 13 folds the old text-compression audit into the document-latency insight's
  // checklist, and the cache-policy audit into the cache insight (which lists what is cached too briefly).
  const latency = lhr?.audits['document-latency-insight']?.details;
  const compressed = latency?.type === 'checklist' ? latency.items?.usesCompression?.value : undefined;
  const cacheInsight = lhr?.audits['cache-insight'];
  const shortCached = cacheInsight?.details?.items?.length ?? 0;
  return {
    perf: score('performance'),
    lcpMs: lhr ? Math.round(num('largest-contentful-paint')) : '-',
    fcpMs: lhr ? Math.round(num('first-contentful-paint')) : '-',
    tbtMs: lhr ? Math.round(num('total-blocking-time')) : '-',
    tbtRuns,
    tbt4xRuns,
    cpuX,
    cls: lhr ? Number(num('cumulative-layout-shift').toFixed(3)) : '-',
    compress: compressed === true ? 'ok' : compressed === false ? 'NO' : '?',
    cache: cacheInsight?.score === 1 || shortCached === 0 ? 'ok' : `${shortCached} short`,
    a11y: score('accessibility'),
    bp: score('best-practices'),
    seo: score('seo'),
  };
}

/**
 * The floor: a bare HTML page (a heading and a line of text, no style, no script), served by a
 * plain Node server and measured the same way. Its TBT is what Chrome's own work on a navigation
 * (committing it, creating the page's script context) costs in Lighthouse's simulation on this
 * machine; it is printed beside the pages and is not held to the budget.
 */
async function referenceRow(chromePort) {
  const html = '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Reference</title><meta name="description" content="A bare page."></head><body><h1>Reference</h1><p>A bare page, for the floor of the figures.</p></body></html>';
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { perf, lcpMs, fcpMs, tbtMs, tbtRuns, tbt4xRuns, cpuX } = lighthouseFigures(await lighthouseMedian(`http://127.0.0.1:${server.address().port}/`, chromePort));
    return { page: '(bare HTML)', status: 200, perf, lcpMs, fcpMs, tbtMs, tbtRuns, tbt4xRuns, cpuX, budget: 'reference', notes: "the floor: Chrome's own navigation work; not held to the budget" };
  } finally {
    server.close();
  }
}

const admin = { username: 'bench-admin@example.com', password: crypto.randomBytes(18).toString('base64url') };
const rows = [];
let site;
let chrome;
let browser;
try {
  site = await spawnSite({ port, env: { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password } });
  const articlePath = PAGES.includes(ARTICLE) ? await seedArticles(site.url, admin) : undefined;
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags.filter((f) => f !== '--headless=new') });
  for (const requested of PAGES) {
    const pathname = requested === ARTICLE ? articlePath : requested;
    const url = site.url + pathname;
    const first = await loadedWeight(browser, url, { returning: false });
    const returning = await loadedWeight(browser, url, { returning: true });
    const r = {
      page: requested === ARTICLE ? '/insights/:article' : pathname,
      status: first.status,
      htmlKb: kb(first.html),
      wireB: await documentWireBytes(url),
      cssKb: kb(first.css),
      jsFirstKb: kb(first.js),
      jsBackKb: kb(returning.js),
      reactBack: returning.react ? 'yes' : 'no',
      imgKb: first.largestImage.bytes ? `${kb(first.largestImage.bytes)} ${first.largestImage.type}` : '-',
    };
    const misses = [];
    if (first.js / 1024 > BUDGET.jsFirstKb) misses.push('js first visit');
    if (returning.js / 1024 > BUDGET.jsReturningKb) misses.push('js returning');
    if (first.blockingScripts) misses.push('render-blocking script');
    if (first.admin || returning.admin) misses.push('admin code');
    if (first.largestImage.bytes / 1024 > BUDGET.phoneImageKb) misses.push('image over 100 KB');
    if (requested === ARTICLE) {
      // The article's hero image on a DPR-3 phone: the largest a phone screen asks for.
      const dense = await loadedWeight(browser, url, { returning: true, device: DENSE_PHONE });
      r.imgKb += ` (DPR 3: ${kb(dense.largestImage.bytes)} ${dense.largestImage.type})`;
      if (dense.largestImage.bytes / 1024 > BUDGET.phoneImageKb) misses.push('image over 100 KB at DPR 3');
    }
    if (first.status === 200) {
      const measured = await lighthouseMedian(url, chrome.port);
      const { lhr, error } = measured;
      if (lhr && process.env.BENCH_LHR_DIR) {
        fs.mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
        fs.writeFileSync(path.join(process.env.BENCH_LHR_DIR, `${r.page.replace(/[^A-Za-z0-9]+/g, '_')}.json`), JSON.stringify(lhr));
      }
      Object.assign(r, lighthouseFigures(measured));
      if (!lhr) misses.push(`Lighthouse: ${error}`);
      else {
        for (const k of ['perf', 'a11y', 'bp', 'seo']) if (r[k] < BUDGET[k]) misses.push(k);
        if (r.lcpMs > BUDGET.lcpMs) misses.push('LCP');
        if (r.tbtMs > BUDGET.tbtMs) misses.push('TBT');
        if (r.cls > BUDGET.cls) misses.push('CLS');
        if (r.compress !== 'ok') misses.push('document not compressed');
        if (r.cache !== 'ok') misses.push('cached too briefly');
        const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary').map((a) => a.id);
        if (failing.length) misses.push(...failing.slice(0, 3));
      }
    } else if (pathname !== '/no-such-page' || first.status !== 404) {
      misses.push(`HTTP ${first.status}`);
    }
    r.budget = misses.length ? 'MISSED' : first.status === 200 ? 'ok' : 'ok (weight only)';
    r.notes = misses.join(', ') || (first.status === 200 ? '' : `not scored by Lighthouse (HTTP ${first.status})`);
    rows.push(r);
    process.stderr.write(`  measured ${pathname}\n`);
  }
  rows.push(await referenceRow(chrome.port));
} finally {
  await browser?.close();
  await chrome?.kill();
  await site?.stop();
}

console.log(
  `\nPublic pages: gzip KB (jsFirst: a first visit; jsBack: a returning visitor with a stored cookie choice, reactBack: whether React loaded for them;` +
    ` imgKb: the largest image a phone fetched, the seeded articles' image being a 6000x4000 JPEG upload);` +
    ` Lighthouse 13 mobile, simulated throttling, median of ${RUNS} run(s), the CPU slowdown calibrated per run to the host's benchmark index as Lighthouse's throttling guide does (cpuX: each run's slowdown; tbtRuns: each run's TBT at it; tbt4xRuns: the same runs at Lighthouse's default 4x).` +
    ` wireB: the document's bytes on the wire (brotli body and HTTP/1.1 headers), against the first round trip's ${FIRST_WINDOW_BYTES} in Lighthouse's simulation.` +
    ` (bare HTML): a page of a heading and a line, no style or script, measured the same way: the floor, not held to the budget.` +
    `\nBudget: perf ${BUDGET.perf}, LCP <= ${BUDGET.lcpMs} ms, TBT ${BUDGET.tbtMs}, CLS ${BUDGET.cls}, a11y/bp/seo ${BUDGET.a11y}, JS <= ${BUDGET.jsFirstKb} KB first visit and <= ${BUDGET.jsReturningKb} KB returning, any image <= ${BUDGET.phoneImageKb} KB on a phone, no render-blocking script, no admin/editor code, the document compressed and nothing cached too briefly.\n`,
);
console.table(rows);
console.log(`Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}.`);
const missed = rows.filter((r) => r.budget === 'MISSED').length;
console.log(missed ? `${missed} page(s) missed the budget.` : 'Every page keeps the budget.');
process.exitCode = missed ? 1 : 0;
