// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import netlify from '@astrojs/netlify';
import tailwindcss from '@tailwindcss/vite';

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
            ssr: { noExternal: ['react', 'react-dom', 'scheduler', 'nanostores', '@nanostores/react', /^@radix-ui\//] },
          }
        : undefined,
  };
}

// SITE_URL is the public origin used for canonical URLs, the sitemap and RSS.
// Netlify sets URL on every build; locally the runtime's own address is used.
const site = process.env.SITE_URL || process.env.URL || `http://localhost:${process.env.PORT || 4321}`;

export default defineConfig({
  site,
  // Pages are static unless they opt out with `export const prerender = false`.
  output: 'static',
  adapter: netlify({
    // Edge-function emulation downloads Deno; this project has no edge functions.
    devFeatures: { edgeFunctions: false, images: false, environmentVariables: false },
    imageCDN: false,
  }),
  integrations: [react()],
  vite: {
    plugins: [tailwindcss(), productionServerBundle()],
  },
  devToolbar: { enabled: false },
  // Astro hashes every script and style it emits into a per-page CSP <meta>, so scripts need no
  // 'unsafe-inline'. Directives a <meta> cannot carry (frame-ancestors) come as a header from
  // src/server/security-headers.ts and netlify.toml.
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
