// Writes the whole site stylesheet as a content-hashed file (src/server/pages/site-stylesheet.ts), for
// islands to fetch before they render. Astro inlines the stylesheet into every page and emits no
// file for it, so this plugin takes each environment's copy as the build bundles it: the
// prerendered pages' and the on-demand function's (the same sheet, normally, and then one file),
// and writes them beside the other assets once the build is done. The build then fails if a
// prerendered page names a sheet it did not write.
import { siteStylesheetPath, TAILWIND_MARKER } from '../../src/server/pages/site-stylesheet.ts';
import { writeNamedAssets } from './named-assets.mjs';

const VITE_HASH_MARKER = /\/\*\$vite\$:\d+\*\//;

/** @returns {import('astro').AstroIntegration} */
export function siteStylesheet() {
  /** @type {Map<string, string>} path -> css */
  const sheets = new Map();
  return {
    name: 'site-stylesheet',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'site-stylesheet',
                apply: 'build',
                // Before Astro's own (later) plugin takes the sheet into the pages and out of the bundle.
                generateBundle(_options, bundle) {
                  for (const asset of Object.values(bundle)) {
                    if (asset.type === 'asset' && typeof asset.source === 'string' && asset.source.startsWith(TAILWIND_MARKER)) {
                      // Vite drops its hash marker comment from the sheet after this point; the pages get it without.
                      const css = asset.source.replace(VITE_HASH_MARKER, '');
                      sheets.set(siteStylesheetPath(css), css);
                    }
                  }
                },
              },
            ],
          },
        });
      },
      'astro:build:done': ({ dir }) => writeNamedAssets(dir, sheets, 'data-site-stylesheet'),
    },
  };
}
