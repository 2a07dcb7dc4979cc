// The project's Netlify Functions, served locally the way Netlify routes them: each module's
// `config.path` (URLPattern syntax, one path or several) and optional `config.method`, all at one
// priority: two functions whose paths overlap are refused at start (see findOverlaps). Bundled
// with esbuild in a fraction of a second, where @netlify/dev's zip-and-unzip build of every function
// takes minutes on a small machine.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const FUNCTIONS_DIR = 'netlify/functions';
export const BUNDLE_DIR = '.netlify/local-functions';

/** Bundles every function (dependencies stay imports of node_modules, as Netlify's externals do). */
export async function bundleFunctions(root) {
  const dir = path.join(root, FUNCTIONS_DIR);
  const out = path.join(root, BUNDLE_DIR);
  fs.rmSync(out, { recursive: true, force: true });
  const entryPoints = fs
    .readdirSync(dir)
    .filter((f) => /\.(m?[jt]s)$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => path.join(dir, f));
  await esbuild.build({
    entryPoints,
    outdir: out,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  });
  return entryPoints.length;
}

/**
 * Netlify's context.waitUntil: work a function starts after its answer. A local process lives on
 * anyway, so the promise only needs its failure caught.
 */
const waitUntil = (promise) => {
  Promise.resolve(promise).catch((err) => console.error('[functions] waitUntil work failed:', err));
};

/**
 * A path a pattern matches: each `:name` as a segment, each `*` as two segments. Used to test
 * whether another function's pattern would claim it too.
 */
const samplePath = (pattern) => pattern.replace(/:[A-Za-z_$][\w$]*(\([^)]*\))?[?*+]?/g, 'sample').replace(/\*/g, 'any/thing');

const sharesMethod = (a, b) => !a.methods || !b.methods || a.methods.some((m) => b.methods.includes(m));

/**
 * Pairs of routes of different functions that can claim the same request. Netlify gives every
 * function the same priority and its CLI answers with the first registered match, and nothing in
 * its documentation promises that a specific path beats a wildcard: such a pair routes by luck.
 */
export function findOverlaps(routes) {
  const overlaps = [];
  for (const [i, a] of routes.entries()) {
    for (const b of routes.slice(i + 1)) {
      if (a.name === b.name || !sharesMethod(a, b)) continue;
      if (a.pattern.test({ pathname: samplePath(b.path) }) || b.pattern.test({ pathname: samplePath(a.path) })) {
        overlaps.push(`${a.name} (${a.path}) and ${b.name} (${b.path})`);
      }
    }
  }
  return overlaps;
}

/**
 * The start of a path pattern made of plain path characters (letters, digits, / . _ ~ -), before
 * any `:name`, `*`, group, modifier or character URLPattern would encode: every path the pattern
 * matches starts with it, since URLPattern matches case-sensitively.
 */
export const literalPrefix = (pattern) => /^[A-Za-z0-9/._~-]*/.exec(pattern)[0];

/**
 * The function claiming a request (the first match, as Netlify's), or undefined; matching reads
 * only the method and path. Like Netlify, it reads the path without one trailing slash: the
 * manifest zip-it-and-ship-it writes ends each parameter route's expression in `\/?$`, netlify-cli
 * (lib/functions/netlify-function.js, matchURLPath) drops the slash before it compares a literal
 * path, and the functions' bootstrap drops it before it reads the parameters. So /api/services/7/
 * is the services function's there, with id 7, and must not be a 404 here.
 */
export function routeMatcher(routes) {
  return function match(method, requestPath) {
    const pathname = requestPath !== '/' && requestPath.endsWith('/') ? requestPath.slice(0, -1) : requestPath;
    for (const route of routes) {
      if (route.methods && !route.methods.includes(method)) continue;
      // URLPattern's match costs about 25 µs a call: a path pattern that is all literal matches
      // only itself, and the others are first ruled out by their literal start.
      let params = {};
      if (route.prefix === route.path) {
        if (pathname !== route.path) continue;
      } else {
        if (!pathname.startsWith(route.prefix)) continue;
        const match = route.pattern.exec({ pathname });
        if (!match) continue;
        params = Object.fromEntries(Object.entries(match.pathname.groups).filter(([k]) => !/^\d+$/.test(k)));
      }
      return {
        name: route.name,
        handle: (request, { ip }) =>
          route.handler(request, { params, ip, geo: {}, site: {}, deploy: {}, account: {}, requestId: crypto.randomUUID(), waitUntil }),
      };
    }
    return undefined;
  };
}

export async function loadFunctions(root) {
  const dir = path.join(root, BUNDLE_DIR);
  const routes = [];
  const scheduled = [];
  // Registration order: by file name, as Netlify lists the functions folder.
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.mjs') && !f.startsWith('chunk-')).sort();
  for (const file of files) {
    const mod = await import(pathToFileURL(path.join(dir, file)).href);
    if (mod.config?.schedule) scheduled.push({ name: file.replace(/\.mjs$/, ''), schedule: mod.config.schedule, handler: mod.default });
    const paths = [mod.config?.path ?? []].flat();
    const methods = mod.config?.method ? [mod.config.method].flat().map((m) => m.toUpperCase()) : undefined;
    for (const p of paths) {
      routes.push({ name: file.replace(/\.mjs$/, ''), path: p, prefix: literalPrefix(p), pattern: new URLPattern({ pathname: p }), methods, handler: mod.default });
    }
  }
  // Refused at start, so the local runtime fails where Netlify would route by registration order.
  const overlaps = findOverlaps(routes);
  if (overlaps.length) {
    throw new Error(`Function paths overlap (Netlify would answer with whichever it registered first): ${overlaps.join('; ')}. Give each request one function; an unknown /api path is answered by src/pages/api/[...path].ts.`);
  }
  return {
    count: new Set(routes.map((r) => r.name)).size + scheduled.length,
    /** Scheduled Functions (config.schedule): no path, run by the platform on their cron schedule. */
    scheduled,
    /** The function claiming a request (the first match, as Netlify's), or undefined; matching reads only the method and path. */
    match: routeMatcher(routes),
  };
}

/**
 * The run after `from` of a schedule of the forms this project uses, on Netlify's clock (UTC), as
 * cron counts: `*\/N * * * *` at the minutes of each hour divisible by N (so `*\/7` runs at :56,
 * then at the next hour's :00), `@hourly` at each hour, `@daily` at midnight. Undefined for another form.
 * @param {string} schedule
 * @param {number} from
 */
function nextRun(schedule, from) {
  const every = /^\*\/(\d+) \* \* \* \*$/.exec(schedule);
  const next = new Date(from);
  next.setUTCSeconds(0, 0);
  if (every && Number(every[1]) > 0) {
    do next.setUTCMinutes(next.getUTCMinutes() + 1);
    while (next.getUTCMinutes() % Number(every[1]) !== 0);
    return next.getTime();
  }
  if (schedule === '@hourly') return next.setUTCMinutes(60);
  if (schedule === '@daily') return next.setUTCHours(24, 0);
  return undefined;
}

/**
 * Runs the Scheduled Functions locally as Netlify does in production: each at its schedule's times
 * on the wall clock (UTC), with the JSON body Netlify posts (`next_run`). The clock, not the
 * server's start: a server restarted more often than a daily job's interval would never run it.
 * Only the forms this project uses are understood; another schedule is reported and left to
 * `netlify functions:invoke`.
 */
export function startSchedules(scheduled, log = console.log) {
  /** @type {Map<string, ReturnType<typeof setTimeout>>} */
  const timers = new Map();
  const plan = (fn, at) => {
    const timer = setTimeout(() => {
      // From now, if the timer came late (a suspended machine): missed runs are not made up.
      const following = nextRun(fn.schedule, Math.max(at, Date.now()));
      plan(fn, following);
      const body = JSON.stringify({ next_run: new Date(following).toISOString() });
      Promise.resolve(fn.handler(new Request(`http://localhost/.netlify/functions/${fn.name}`, { method: 'POST', body }), {})).catch((err) =>
        console.error(`[functions] scheduled ${fn.name} failed:`, err),
      );
    }, Math.max(0, at - Date.now()));
    timer.unref();
    timers.set(fn.name, timer);
  };
  for (const fn of scheduled) {
    const first = nextRun(fn.schedule, Date.now());
    if (first === undefined) log(`[functions] ${fn.name}: schedule '${fn.schedule}' is not run locally`);
    else plan(fn, first);
  }
  return () => timers.forEach((timer) => clearTimeout(timer));
}
