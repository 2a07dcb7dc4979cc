// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import netlify from '@astrojs/netlify';
import tailwindcss from '@tailwindcss/vite';

/**
 * A production build is a production build, client and server alike.
 * @returns {import('vite').Plugin}
 */
function productionNodeEnvInBuilds() {
  return {
    name: 'production-node-env-in-builds',
    config: (_config, { command }) => (command === 'build' ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : undefined),
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
    plugins: [tailwindcss(), productionNodeEnvInBuilds()],
    // Bundle React into the on-demand function with NODE_ENV fixed at build time: left to run
    // time, React picks its slow development build unless the function's environment says
    // NODE_ENV=production, which Netlify does not set for functions (and netlify.toml cannot).
    // Everything that imports React must be bundled with it, or a second copy of React loads
    // from node_modules and hooks fail ("Invalid hook call").
    ssr: { noExternal: ['react', 'react-dom', 'scheduler', 'nanostores', '@nanostores/react', /^@radix-ui\//] },
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
