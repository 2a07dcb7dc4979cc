// Writes the brand-glyph sprite as the content-hashed file the pages draw from
// (src/server/brand-icons.ts), and fails the build if a built page uses another.
import { BRAND_ICONS, BRAND_ICONS_PATH } from '../../src/server/brand-icons.ts';
import { writeNamedAssets } from './named-assets.mjs';

/** @returns {import('astro').AstroIntegration} */
export function brandIcons() {
  return {
    name: 'brand-icons',
    hooks: {
      'astro:build:done': ({ dir }) => writeNamedAssets(dir, new Map([[BRAND_ICONS_PATH, BRAND_ICONS]]), /<use href="(\/_astro\/brand-icons\.[^"#]+)#/),
    },
  };
}
