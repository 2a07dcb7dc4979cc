// Writes Astro's island runtime as the content-hashed file the pages name once it is taken out of
// them (src/server/pages/island-runtime.ts), and fails the build if a built page names another.
import { ISLAND_RUNTIME, ISLAND_RUNTIME_PATH } from '../../src/server/pages/island-runtime.ts';
import { writeNamedAssets } from './named-assets.mjs';

/** @returns {import('astro').AstroIntegration} */
export function islandRuntime() {
  return {
    name: 'island-runtime',
    hooks: {
      'astro:build:done': ({ dir }) => writeNamedAssets(dir, new Map([[ISLAND_RUNTIME_PATH, ISLAND_RUNTIME]]), 'data-island-runtime'),
    },
  };
}
