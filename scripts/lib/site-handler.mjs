// The built site as one Fetch handler, `(Request, { ip, serverOrigin? }) => Response`, answering the way Netlify
// does: functions at their config.path, then the Image CDN and static files with netlify.toml's
// header rules (@netlify/dev; text files compressed once and kept: scripts/lib/stored-encodings.mjs),
// then the adapter's on-demand function for whatever nothing else claimed; in front of them the
// CDN's cache (scripts/lib/durable-cache.mjs) when asked for; and, on the way out, what the CDN
// adds (scripts/lib/cdn.mjs). The HTTP side (Node's server, the URL from
// the Host header, compression) is scripts/lib/http-server.mjs; tests call this handler directly.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { NetlifyDev } from '@netlify/dev';
import { errorJson } from '../../src/server/http/respond.ts';
import { SECURITY_HEADERS } from '../../src/server/http/security-headers.ts';
import { snapshotBuild } from './build-snapshot.mjs';
import { builtFiles } from './built-files.mjs';
import { applyHeaderRules, loadFrameworkHeaderRules, withValidators } from './cdn.mjs';
import { durableCache } from './durable-cache.mjs';
import { loadFunctions, startSchedules } from './functions-router.mjs';
import { withImageCache } from './image-cache.mjs';
import { projectRoot } from './runtime-env.mjs';
import { storedEncodings } from './stored-encodings.mjs';
import { isApiPath } from '../../src/lib/api-paths.ts';
import { remoteImagePatterns } from '../../src/lib/remote-images.ts';
import { pageMethods } from '../../src/server/pages/page-methods.ts';

/**
 * What the site answers at all; anything else (TRACE, TRACK, WebDAV verbs...) is a 405, whose Allow
 * is the API's methods under /api and elsewhere the page's own, as its 405 to a PUT names them.
 */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const ALLOW = METHODS.join(', ');

/** A path whose %-escapes are not UTF-8 (`/%ff`) names no page; the router must not throw on it. */
function isDecodable(pathname) {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** An answer the server gives when the site's own code does not: the API's JSON under /api, text elsewhere. */
function plainAnswer(pathname, status, message, headers = {}) {
  if (isApiPath(pathname)) return errorJson(status, message, undefined, headers);
  return new Response(`${message}\n`, {
    status,
    headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

/**
 * The code the site runs: the adapter's on-demand function from `build`, the functions from the
 * project's bundle.
 * @param {{ root: string }} build
 * @param {string} root
 */
async function loadCode(build, root) {
  // @netlify/dev does not load the adapter's on-demand function; it answers what nothing else
  // did (insights pages, the 404 page), as its `path: '/*'` with preferStatic does on Netlify.
  const { default: onDemand } = await import(pathToFileURL(path.join(build.root, '.netlify/v1/functions/ssr/ssr.mjs')).href);
  return { onDemand, functions: await loadFunctions(root) };
}

/**
 * Whether a redirect rule (netlify.toml's, or a `_redirects` file in the publish folder) could answer
 * a path no file answers: then every lookup goes to the emulation, which applies them.
 * @param {NetlifyDev} netlify
 * @param {string} dist
 */
async function hasRedirectRules(netlify, dist) {
  if (fs.existsSync(path.join(dist, '_redirects'))) return true;
  return ((await netlify.getConfig()).config.redirects ?? []).length > 0;
}

/**
 * @param {{ root?: string, cdnCache?: boolean, snapshotDir?: string }} [options] `cdnCache`: Netlify's CDN cache in front
 *   of everything, as on the platform (purged through `cache.purge` or startPurgeApi); without it
 *   every answer comes from its function, the headers meant for the CDN left on for tests to read;
 *   `snapshotDir`: where the build's snapshot is kept (tests; the system's temp folder by default)
 * @returns {Promise<{ handle: (request: Request, context: { ip: string, serverOrigin?: string }) => Promise<Response>, cache?: ReturnType<typeof durableCache>, stop: () => Promise<void> }>}
 */
export async function createSiteHandler({ root = projectRoot, cdnCache = false, snapshotDir } = {}) {
  // Everything of the build is served from a snapshot of it (scripts/lib/build-snapshot.mjs); the
  // functions, which import node_modules, run from the project's bundle, loaded whole at start.
  const build = snapshotBuild(root, { dir: snapshotDir });
  try {
    return await siteHandlerOn(build, { root, cdnCache });
  } catch (err) {
    // A site that does not start leaves no snapshot behind: the next start would sweep it only
    // if this process has ended by then, and a test run or a retrying caller goes on.
    build.remove();
    throw err;
  }
}

/**
 * The handler of createSiteHandler, serving `build`; what it has started is stopped again if a
 * later step throws.
 * @param {{ root: string, remove: () => void }} build
 * @param {{ root: string, cdnCache: boolean }} options
 */
async function siteHandlerOn(build, { root, cdnCache }) {
  const headerRules = loadFrameworkHeaderRules(build.root);
  const netlify = new NetlifyDev({
    projectRoot: build.root,
    // The snapshot is no repository: nothing to add a .gitignore to.
    skipGitignore: true,
    // Everything that would reach the network or download a toolchain stays off.
    aiGateway: { enabled: false },
    database: { enabled: false },
    edgeFunctions: { enabled: false },
    environmentVariables: { enabled: false },
    geolocation: { enabled: false },
    // The Image CDN at /.netlify/images, emulated by Netlify's own @netlify/images (ipx on sharp,
    // dev dependencies: nothing of it is deployed). It fetches a source image from this server (the
    // request's own origin), or from a listed remote host (src/lib/remote-images.ts); any other
    // host gets 403.
    images: { enabled: true, remoteURLPatterns: remoteImagePatterns() },
    blobs: { enabled: false }, // the blob server of scripts/lib/local-services.mjs is announced in the environment
    functions: { enabled: false }, // served by scripts/lib/functions-router.mjs (see there why)
    serverAddress: null,
  });
  await netlify.start();
  const dist = path.join(build.root, 'dist');
  // The configuration is read again while the code loads, not after it.
  const [{ onDemand, functions }, redirectRules] = await Promise.all([loadCode(build, root), hasRedirectRules(netlify, dist)]).catch(async (err) => {
    await netlify.stop();
    throw err;
  });
  const stopSchedules = startSchedules(functions.scheduled);
  const files = withImageCache(netlify);
  const encode = storedEncodings();
  const cache = cdnCache ? durableCache({ encode }) : undefined;
  const built = builtFiles(dist);

  /** Netlify's order: a function's path, then a file, then the on-demand function. */
  async function route(request, { ip, serverOrigin }) {
    const { pathname } = new URL(request.url);
    const fn = functions.match(request.method, pathname);
    if (fn) return fn.handle(request, { ip });

    const decodable = isDecodable(pathname);
    // A page built as a file (dist/about.html) has one URL, /about: Netlify's CDN answers it there
    // and redirects /about/ to it. (`netlify serve` answers both; the platform does not.)
    const slashless = pathname.replace(/\/+$/, '');
    if (decodable && slashless && slashless !== pathname && (request.method === 'GET' || request.method === 'HEAD') && built.has(`${slashless}.html`)) {
      const { search } = new URL(request.url);
      // The Location is a path with one leading slash: '//about' would be read as the host 'about'.
      const location = `/${slashless.replace(/^\/+/, '')}${search}`;
      return new Response(null, { status: 301, headers: { ...SECURITY_HEADERS, Location: location, 'Cache-Control': 'public, max-age=0, must-revalidate' } });
    }
    // A path ending in a slash is a file on Netlify's CDN only as a folder's index.html (a page's
    // file is redirected above); anything else goes on to the pages' function, whose trailing-slash
    // rule redirects it. @netlify/dev drops the slash and serves /favicon.svg/ as the icon itself.
    // Any other path goes to the emulation when a file of the build (scripts/lib/built-files.mjs),
    // the Image CDN or a redirect rule may answer it: what is left (an Insights page) would only
    // come back unanswered from it.
    const fileAddress = pathname.endsWith('/')
      ? built.has(`${pathname}index.html`)
      : redirectRules || pathname.startsWith('/.netlify/') || built.mayAnswer(pathname);
    if (decodable && fileAddress && (request.method === 'GET' || request.method === 'HEAD')) {
      // Static files never read a body: @netlify/dev gets a copy without one.
      // The image CDN fetches a local source image from this server itself (the socket's own
      // origin), never from the Host a client wrote, which would make the site fetch from, and keep
      // for every visitor, an image of any host the client named. Called without a server (tests),
      // the request's origin is this server.
      const found = await files.handleAndIntrospect(new Request(request.url, { method: request.method, headers: request.headers }), {
        serverAddress: serverOrigin ?? new URL(request.url).origin,
      });
      if (found) return found.type === 'static' ? encode(request, applyHeaderRules(headerRules, pathname, found.response)) : found.response;
    }
    // The not-found page answers an undecodable path (the API's JSON one under /api); the pages'
    // router would throw on it.
    if (!decodable && isApiPath(pathname)) return errorJson(404, `No API route for ${pathname}`);
    const page = decodable ? request : new Request(new URL('/404', request.url), { method: 'GET', headers: request.headers });
    const response = await onDemand(page, { ip, params: {}, geo: {}, site: {}, deploy: {}, account: {}, requestId: crypto.randomUUID() });
    if (!decodable && response.status === 200) return new Response(response.body, { status: 404, headers: response.headers });
    return response;
  }

  return {
    functionCount: functions.count,
    cache,
    async handle(request, context) {
      const { pathname } = new URL(request.url);
      if (!METHODS.includes(request.method)) return plainAnswer(pathname, 405, `Method ${request.method} not allowed`, { Allow: isApiPath(pathname) ? ALLOW : pageMethods(pathname) });
      try {
        const answer = cache ? await cache.serve(request, (asked) => route(asked, context)) : await route(request, context);
        return await withValidators(request, answer);
      } catch (err) {
        // The site's own code answered nothing usable; the detail goes to the log only.
        console.error(`[server] ${request.method} ${pathname} failed:`, err);
        return plainAnswer(pathname, 500, 'Internal server error');
      }
    },
    stop: async () => {
      stopSchedules();
      await netlify.stop();
      build.remove();
    },
  };
}
