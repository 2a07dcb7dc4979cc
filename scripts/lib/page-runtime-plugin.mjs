// `virtual:page-runtime`: src/scripts/page-runtime.ts bundled on its own, as one small module with
// no imports, for BaseLayout to inline into every page with its CSP hash. A module script with a
// src is fetched before the page paints (and its chunk after it); inline, the triggers work the
// moment the HTML is parsed, without a request. The runtime shares its stores with the islands
// through src/stores/page-atom.ts, never through a shared chunk, so a library other than
// nanostores (React above all) must never reach it: the build fails if one does.
import crypto from 'node:crypto';
import path from 'node:path';
import { rolldown } from 'rolldown';

const VIRTUAL_ID = 'virtual:page-runtime';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const ALLOWED_PACKAGES = ['nanostores'];

/** @param {{ root: string }} options @returns {import('vite').Plugin} */
export function pageRuntime({ root }) {
  const entry = path.join(root, 'src/scripts/page-runtime.ts');
  return {
    name: 'page-runtime',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const bundle = await rolldown({ input: entry, platform: 'browser', logLevel: 'warn' });
      try {
        // Tree-shaking hints have done their work by now; in the page they would be bytes.
        const { output } = await bundle.generate({ format: 'esm', minify: true, comments: { legal: true, annotation: false, jsdoc: false } });
        const [chunk] = output;
        if (output.length !== 1 || chunk.type !== 'chunk') throw new Error('the page runtime must bundle to one module (no dynamic imports)');
        for (const moduleId of chunk.moduleIds) {
          const pkg = moduleId.match(/node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/)?.[1];
          if (pkg && !ALLOWED_PACKAGES.includes(pkg)) throw new Error(`the page runtime must not include ${pkg} (from ${moduleId})`);
          if (!moduleId.startsWith('\0')) this.addWatchFile(moduleId);
        }
        const code = chunk.code.trim();
        const hash = `sha256-${crypto.createHash('sha256').update(code).digest('base64')}`;
        return `export const code = ${JSON.stringify(code)};\nexport const hash = ${JSON.stringify(hash)};\n`;
      } finally {
        await bundle.close();
      }
    },
  };
}
