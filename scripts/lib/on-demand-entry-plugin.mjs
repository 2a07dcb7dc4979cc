// Makes src/server/pages/on-demand-function.ts the on-demand function's entry in place of the Netlify
// adapter's, which it wraps, as a Vite plugin astro.config.mjs adds.
import { fileURLToPath } from 'node:url';

const ADAPTER_ENTRY = '@astrojs/netlify/ssr-function.js';
const SITE_ENTRY = fileURLToPath(new URL('../../src/server/pages/on-demand-function.ts', import.meta.url));

/**
 * The adapter names its handler module as the server build's input; that input alone resolves to
 * ours. The wrapper's own import of the adapter's module is no entry, so it resolves as usual. A
 * server build whose entry is some other module (an adapter that names another) fails rather than
 * ship a function whose answers the wrapper does not see.
 * @returns {import('vite').Plugin}
 */
export function onDemandEntry() {
  let replaced = false;
  return {
    name: 'on-demand-entry',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    buildStart() {
      replaced = false;
    },
    resolveId(source, _importer, options) {
      if (!options.isEntry || source !== ADAPTER_ENTRY) return null;
      replaced = true;
      return SITE_ENTRY;
    },
    buildEnd(error) {
      if (!error && !replaced) this.error(`The server build's entry is not ${ADAPTER_ENTRY}: src/server/pages/on-demand-function.ts wraps nothing.`);
    },
  };
}
