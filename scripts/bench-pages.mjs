// `npm run bench:pages`: for every public page, the gzip weight of its HTML, CSS and the JavaScript
// it loads up front, and a Lighthouse mobile run in the system's headless Chromium. A benchmark:
// it prints figures and whether each page keeps the budget; it does not fail a build.
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { spawnSite } from './lib/spawn-site.mjs';

const ALL_PAGES = ['/', '/about', '/services', '/packages', '/partners', '/insights', '/contact', '/cookie-policy', '/privacy-policy', '/terms-of-use', '/no-such-page'];
// `npm run bench:pages -- /packages /about` measures just those pages.
const PAGES = process.argv.slice(2).length ? process.argv.slice(2) : ALL_PAGES;
const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100, jsKb: 80 };
const port = Number(process.env.BENCH_PORT || 4398);
const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const gzipBytes = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1);

async function fetchBytes(url) {
  const res = await fetch(url);
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') ?? '' };
}

/** Scripts a page loads before any interaction: module scripts, hydrated islands (not client:only or client:visible ones yet unseen) and their static imports. */
async function pageWeight(base, pathname) {
  const html = await fetchBytes(base + pathname);
  const text = html.body.toString('utf8');
  const attr = (re) => [...text.matchAll(re)].map((m) => m[1]);
  const css = attr(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g);
  const inlineCss = attr(/<style[^>]*>([\s\S]*?)<\/style>/g).join('');
  const entry = new Set([
    ...attr(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...attr(/component-url="([^"]+)"/g),
    ...attr(/renderer-url="([^"]+)"/g),
  ]);
  const seen = new Set();
  let jsBytes = 0;
  let adminCode = false;
  const queue = [...entry].map((u) => new URL(u, base + pathname).href);
  while (queue.length) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    seen.add(url);
    const js = await fetchBytes(url);
    jsBytes += gzipBytes(js.body);
    // The admin island (and its Lexical editor) must never reach a public page.
    if (/Admin|lexical/i.test(url) || js.body.includes('Content Management System')) adminCode = true;
    for (const m of js.body.toString('utf8').matchAll(/(?:import|from)\s*["']([^"']+\.js)["']/g)) queue.push(new URL(m[1], url).href);
  }
  const inlineJs = attr(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g).join('');
  jsBytes += inlineJs ? gzipBytes(Buffer.from(inlineJs)) : 0;
  let cssBytes = inlineCss ? gzipBytes(Buffer.from(inlineCss)) : 0;
  for (const href of css) cssBytes += gzipBytes((await fetchBytes(new URL(href, base + pathname).href)).body);
  const renderBlockingScripts = attr(/<script(?![^>]*type="module")(?![^>]*\b(?:async|defer)\b)[^>]*\bsrc="([^"]+)"/g).length;
  return { status: html.status, html: gzipBytes(html.body), css: cssBytes, js: jsBytes, renderBlockingScripts, adminCode, files: seen.size };
}

const site = await spawnSite({ port });
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const rows = [];
try {
  for (const pathname of PAGES) {
    const weight = await pageWeight(site.url, pathname);
    const r = { page: pathname, status: weight.status, htmlKb: kb(weight.html), cssKb: kb(weight.css), jsKb: kb(weight.js), admin: weight.adminCode ? 'YES' : 'no' };
    const withinWeight = weight.js / 1024 <= BUDGET.jsKb && weight.renderBlockingScripts === 0 && !weight.adminCode;
    if (weight.status !== 200) {
      // Lighthouse refuses to score a page answered with an error status; its weight still counts.
      Object.assign(r, { perf: '-', a11y: '-', bp: '-', seo: '-', lcpMs: '-', blocking: weight.renderBlockingScripts });
      r.budget = withinWeight ? 'ok (weight only)' : 'MISSED';
      r.notes = 'not scored by Lighthouse (HTTP ' + weight.status + ')';
      rows.push(r);
      process.stderr.write(`  measured ${pathname}\n`);
      continue;
    }
    const result = await lighthouse(site.url + pathname, { port: chrome.port, output: 'json', logLevel: 'error', formFactor: 'mobile', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
    const cats = result.lhr.categories;
    const score = (k) => Math.round((cats[k]?.score ?? 0) * 100);
    const failing = Object.values(result.lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    Object.assign(r, {
      perf: score('performance'),
      a11y: score('accessibility'),
      bp: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(result.lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      blocking: weight.renderBlockingScripts,
    });
    r.budget =
      r.perf >= BUDGET.performance && r.a11y >= BUDGET.accessibility && r.bp >= BUDGET['best-practices'] && r.seo >= BUDGET.seo && withinWeight
        ? 'ok'
        : 'MISSED';
    r.notes = failing.slice(0, 4).join(' ');
    rows.push(r);
    process.stderr.write(`  measured ${pathname}\n`);
  }
} finally {
  await chrome.kill();
  await site.stop();
}

console.log(`\nPublic pages (gzip KB; Lighthouse mobile; budget: perf >= ${BUDGET.performance}, a11y/bp/seo = 100, JS <= ${BUDGET.jsKb} KB, no render-blocking script, no admin/editor code)\n`);
console.table(rows);
const missed = rows.filter((r) => r.budget === 'MISSED').length;
console.log(missed ? `${missed} page(s) missed the budget.` : 'Every page keeps the budget.');
