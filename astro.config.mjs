// @ts-check
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, fontProviders } from 'astro/config';
import react from '@astrojs/react';
import netlify from '@astrojs/netlify';
import tailwindcss from '@tailwindcss/vite';
import { glyphsUsed, missingGlyphs, subsetSiteFonts } from './scripts/lib/font-subsets.mjs';
import { pageRuntime, pageRuntimeFile } from './scripts/lib/page-runtime-plugin.mjs';
import { headersOnWritePlugin } from './scripts/lib/headers-on-write-plugin.mjs';
import { onDemandEntry } from './scripts/lib/on-demand-entry-plugin.mjs';
import { islandRuntime } from './scripts/lib/island-runtime-integration.mjs';
import { flatIslandImports } from './scripts/lib/flat-island-imports-plugin.mjs';
import { siteStylesheet } from './scripts/lib/site-stylesheet-integration.mjs';
import { REMOTE_IMAGE_HOSTS } from './src/lib/remote-images.ts';

/**
 * Builds bundle React, and everything that imports it, into the on-demand function with NODE_ENV
 * fixed to production. Left external, React picks its slow development build at run time unless
 * the function's environment says NODE_ENV=production, which Netlify does not set for functions
 * (and netlify.toml cannot); and a library left external beside a bundled React loads a second
 * React ("Invalid hook call"). Dev keeps Vite's defaults: its SSR runner cannot take CommonJS React.
 * @returns {import('vite').Plugin}
 */
function productionServerBundle() {
  return {
    name: 'production-server-bundle',
    config: (_config, { command }) =>
      command === 'build'
        ? {
            define: { 'process.env.NODE_ENV': JSON.stringify('production') },
            ssr: { noExternal: ['react', 'react-dom', 'scheduler', 'nanostores', /^@radix-ui\//] },
          }
        : undefined,
  };
}

const root = path.dirname(fileURLToPath(import.meta.url));
const glyphs = glyphsUsed(path.join(root, 'src'));
const fontFiles = await subsetSiteFonts({ root, cacheDir: path.join(root, 'node_modules/.cache/font-subsets'), text: glyphs });

/**
 * Fails the build when a prerendered page shows a character the font subsets lack (it would be
 * drawn in the fallback face): add it to the copy's source or to font-subsets.mjs's editorial set.
 * @returns {import('astro').AstroIntegration}
 */
function fontCoverage() {
  return {
    name: 'font-coverage',
    hooks: {
      'astro:build:done': ({ dir }) => {
        const missing = missingGlyphs(fileURLToPath(dir), glyphs);
        if (missing.size) {
          const list = [...missing].map(([ch, page]) => `'${ch}' (U+${ch.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}, ${page})`).join(', ');
          throw new Error(`The font subsets lack characters the built pages show: ${list}`);
        }
      },
    },
  };
}

/**
 * `client:demand="name"`: islands that load React and their code on first use only
 * (src/lib/island-demand.ts).
 * @returns {import('astro').AstroIntegration}
 */
function demandDirective() {
  return {
    name: 'client-demand',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'demand', entrypoint: './src/lib/client-demand-directive.ts' });
      },
    },
  };
}

/**
 * `astro dev` serves functions through Netlify's Vite plugin, which hands them a `context.ip` read
 * from X-Forwarded-For: a header any client can send. This puts the socket's own address there
 * first (`npm start` passes the socket address itself), so sign-in throttling and rate limits count
 * the real client in development too.
 * @returns {import('vite').Plugin}
 */
function clientAddressFromSocket() {
  return {
    name: 'client-address-from-socket',
    apply: 'serve',
    enforce: 'pre', // before Netlify's plugin registers the middleware that reads the header
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
        next();
      });
    },
  };
}

// The public origin of canonical URLs, Open Graph, the sitemap and RSS: SITE_URL, or the URL
// Netlify sets on every build. Without either (a local build) the site has no fixed origin, so
// on-demand answers name the origin each request came to (behind a trusted proxy, the one the
// proxy was asked for) and prerendered pages, built before any request, name none.
const site = process.env.SITE_URL || process.env.URL || undefined;

export default defineConfig({
  site,
  // Pages are static unless they opt out with `export const prerender = false`.
  output: 'static',
  adapter: netlify({
    // Edge-function emulation downloads Deno; this project has no edge functions. The image CDN's
    // emulation (ipx and sharp, in the dev server only) serves /.netlify/images as below.
    devFeatures: { edgeFunctions: false, images: true, environmentVariables: false },
    // Images are resized and re-encoded by the Netlify Image CDN (/.netlify/images), at request
    // time: nothing is processed at build and nothing image-related runs in the functions.
    imageCDN: true,
  }),
  image: {
    // Nothing is served at Astro's own /_image: see src/server/pages/image-endpoint.ts.
    endpoint: { route: '/_image', entrypoint: './src/server/pages/image-endpoint.ts' },
    // Remote hosts the image CDN may fetch from (the adapter writes them as `remote_images`).
    remotePatterns: REMOTE_IMAGE_HOSTS.map((hostname) => ({ protocol: 'https', hostname })),
  },
  integrations: [react(), demandDirective(), siteStylesheet(), islandRuntime(), pageRuntimeFile({ root }), fontCoverage()],
  // Self-hosted subsets, preloaded by <Font> in BaseLayout (which emits the @font-face rules), so
  // the first paint normally uses them. `optional`: a font that is not there by the first paint
  // (a slow connection) is not swapped in later, since a swap re-wraps lines and moves the page;
  // that visit stays in the fallback and the next page, with the font cached, gets it. The
  // fallback is metric-matched (size-adjust, ascent/descent overrides) where Arial or Times New
  // Roman exist; elsewhere (Linux, Android) it is the generic family.
  fonts: [
    {
      provider: fontProviders.local(),
      name: 'Inter',
      cssVariable: '--font-inter',
      fallbacks: ['ui-sans-serif', 'system-ui', 'sans-serif'],
      options: { variants: [{ src: [fontFiles.inter], weight: '400 700', style: 'normal', display: 'optional' }] },
    },
    {
      provider: fontProviders.local(),
      name: 'Fraunces',
      cssVariable: '--font-fraunces',
      fallbacks: ['ui-serif', 'Georgia', 'serif'],
      options: { variants: [{ src: [fontFiles.fraunces], weight: 600, style: 'normal', display: 'optional' }] },
    },
  ],
  // One URL per page, without a trailing slash (/about), as links, the sitemap and canonical tags
  // write it. Pages are built as files (about.html), which Netlify serves at /about with no
  // redirect, and redirects /about/ to; a folder (about/index.html) would make Netlify redirect
  // /about to /about/ instead.
  trailingSlash: 'never',
  build: {
    format: 'file',
    // The one stylesheet goes inside every page, cut to the utilities the page uses
    // (src/server/pages/styles.ts): no render-blocking request. Islands fetch the whole of it
    // before they render (scripts/lib/site-stylesheet-integration.mjs writes it as a file).
    inlineStylesheets: 'always',
  },
  vite: {
    plugins: [clientAddressFromSocket(), headersOnWritePlugin(), onDemandEntry(), tailwindcss(), productionServerBundle(), pageRuntime({ root }), flatIslandImports()],
    resolve: {
      // Radix's scroll lock adds its rules as constructed stylesheets, which the pages' hash-based
      // style policy does not govern, rather than as <style> elements it refuses (ADR 20).
      alias: [{ find: /^react-style-singleton$/, replacement: path.join(root, 'src/lib/adopted-style-singleton.ts') }],
    },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    // What the islands share: the stores, the demand registry and the consent
                    // helpers, in one file rather than a waterfall of five tiny ones. (The page
                    // runtime has its own copy, a file of its own: scripts/lib/page-runtime-plugin.mjs.)
                    name: 'island-shared',
                    test: /src[\\/](stores[\\/](enquiry|mobile-nav|toasts|cookie-consent|page-atom)|lib[\\/]island-demand|lib[\\/]cookie-consent)\.ts$|node_modules[\\/]nanostores[\\/]|vite[\\/]preload-helper/,
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
  devToolbar: { enabled: false },
  // Astro hashes every script and style it emits into a per-page CSP (a <meta> in a prerendered
  // page, a header on an on-demand one), so scripts need no 'unsafe-inline'. Directives a <meta>
  // cannot carry (frame-ancestors) come as a header from src/server/http/security-headers.ts and netlify.toml.
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: https:",
        "font-src 'self'",
        "connect-src 'self'",
        'frame-src https://www.youtube-nocookie.com',
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
      ],
    },
  },
});
