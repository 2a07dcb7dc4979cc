// `virtual:page-runtime`: the two scripts every page runs. The inline start
// (src/scripts/page-start.ts), bundled on its own for BaseLayout to inline with its CSP hash, works
// the moment the HTML is parsed, without a request; the page runtime (src/scripts/page-runtime.ts),
// bundled as one content-hashed file the page names on its root element, is brought in by the start
// after the first paint: inline, its bytes would push a long page past its first round trip. The
// runtime shares its stores with the islands through src/stores/page-atom.ts, never through a
// shared chunk, so a library other than nanostores (React above all) must never reach it, and the
// start, in every page's HTML, takes no library at all: the build fails if one does.
import crypto from 'node:crypto';
import path from 'node:path';
import { rolldown } from 'rolldown';
import { writeNamedAssets } from './named-assets.mjs';

const VIRTUAL_ID = 'virtual:page-runtime';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const START = { entry: 'src/scripts/page-start.ts', packages: [] };
const RUNTIME = { entry: 'src/scripts/page-runtime.ts', packages: ['nanostores'] };

/**
 * One entry as one minified module with no imports, and the source files it was made from.
 * @param {string} root @param {{ entry: string, packages: string[] }} script
 */
async function bundle(root, { entry, packages }) {
  const build = await rolldown({ input: path.join(root, entry), platform: 'browser', logLevel: 'warn' });
  try {
    // Tree-shaking hints have done their work by now; in the page they would be bytes.
    const { output } = await build.generate({ format: 'esm', minify: true, comments: { legal: true, annotation: false, jsdoc: false } });
    const [chunk] = output;
    if (output.length !== 1 || chunk.type !== 'chunk') throw new Error(`${entry} must bundle to one module (no dynamic imports)`);
    for (const moduleId of chunk.moduleIds) {
      const pkg = moduleId.match(/node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/)?.[1];
      if (pkg && !packages.includes(pkg)) throw new Error(`${entry} must not include ${pkg} (from ${moduleId})`);
    }
    return { code: chunk.code.trim(), sources: chunk.moduleIds.filter((id) => !id.startsWith('\0')) };
  } finally {
    await build.close();
  }
}

/** The page runtime's file: its content-hashed path and its code. @param {string} root */
async function runtimeFile(root) {
  const { code, sources } = await bundle(root, RUNTIME);
  const name = crypto.createHash('sha256').update(code).digest('base64url').slice(0, 12);
  return { path: `/_astro/page-runtime.${name}.js`, code, sources };
}

/** The Vite plugin: the virtual module, and the runtime's file in development. @param {{ root: string }} options @returns {import('vite').Plugin} */
export function pageRuntime({ root }) {
  // Every runtime this dev session made, by its path: the file a page names is the one made with the
  // module the page was rendered from, answered from memory rather than bundled again per request.
  /** @type {Map<string, string>} */
  const served = new Map();
  return {
    name: 'page-runtime',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const [start, runtime] = await Promise.all([bundle(root, START), runtimeFile(root)]);
      for (const source of [...start.sources, ...runtime.sources]) this.addWatchFile(source);
      served.set(runtime.path, runtime.code);
      const hash = `sha256-${crypto.createHash('sha256').update(start.code).digest('base64')}`;
      return `export const code = ${JSON.stringify(start.code)};\nexport const hash = ${JSON.stringify(hash)};\nexport const runtimePath = ${JSON.stringify(runtime.path)};\n`;
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const code = request.url && served.get(request.url);
        if (!code) return next();
        response.setHeader('content-type', 'text/javascript; charset=utf-8');
        response.end(code);
      });
    },
  };
}

/**
 * The Astro integration: writes the runtime's file into the build, and fails the build if a built
 * page names another. @param {{ root: string }} options @returns {import('astro').AstroIntegration}
 */
export function pageRuntimeFile({ root }) {
  return {
    name: 'page-runtime-file',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const runtime = await runtimeFile(root);
        await writeNamedAssets(dir, new Map([[runtime.path, runtime.code]]), 'data-page-runtime');
      },
    },
  };
}
