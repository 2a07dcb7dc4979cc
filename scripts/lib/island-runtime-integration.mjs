// Writes Astro's island runtime as the content-hashed file the pages name once it is taken out of
// them (src/server/island-runtime.ts), and fails the build if a built page names another.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ISLAND_RUNTIME, ISLAND_RUNTIME_PATH } from '../../src/server/island-runtime.ts';

const PAGE_REFERENCE = /data-island-runtime="([^"]+)"/;

/** @returns {import('astro').AstroIntegration} */
export function islandRuntime() {
  return {
    name: 'island-runtime',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const root = fileURLToPath(dir);
        const file = path.join(root, ISLAND_RUNTIME_PATH);
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(file, ISLAND_RUNTIME);
        const pages = (await fs.readdir(root, { recursive: true })).filter((name) => name.endsWith('.html'));
        for (const page of pages) {
          const href = (await fs.readFile(path.join(root, page), 'utf8')).match(PAGE_REFERENCE)?.[1];
          if (href && href !== ISLAND_RUNTIME_PATH) throw new Error(`${page} names the island runtime ${href}, which the build did not write`);
        }
      },
    },
  };
}
