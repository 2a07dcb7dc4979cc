// An island's code is spread over shared chunks that import one another (its component, the dialog
// frame, Radix, React...). A browser finds a module's imports only once it has the module, so each
// level of that graph cost a round trip before the island could run (the enquiry dialog's is seven
// deep; with the renderer's own imports it came in three trips). This names every chunk an entry needs, directly or not, in the entry
// itself (what Rollup's `hoistTransitiveImports` does and Rolldown does not yet), so the browser asks
// for all of them as soon as it has the entry: two round trips, whatever the depth. (An entry keeps
// the name hashed before this, which already changes with any chunk it reaches: its imports name
// theirs.)
import path from 'node:path';

/**
 * The chunks `chunk` imports, directly or through others, in the order they are first met.
 * @param {import('rolldown').OutputChunk} chunk @param {Record<string, import('rolldown').OutputChunk | import('rolldown').OutputAsset>} bundle
 */
function transitiveImports(chunk, bundle) {
  /** @type {Set<string>} */
  const found = new Set();
  const visit = (/** @type {string} */ fileName) => {
    for (const imported of /** @type {import('rolldown').OutputChunk} */ (bundle[fileName]).imports) {
      if (found.has(imported)) continue;
      found.add(imported);
      visit(imported);
    }
  };
  visit(chunk.fileName);
  return found;
}

/** @returns {import('vite').Plugin} */
export function flatIslandImports() {
  return {
    name: 'flat-island-imports',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const direct = new Set(chunk.imports);
        const missing = [...transitiveImports(chunk, bundle)].filter((fileName) => !direct.has(fileName));
        if (missing.length === 0) continue;
        // At the end, after the imports already there: each of these is evaluated by one of those
        // first, so the order modules run in is unchanged; only the fetching starts earlier.
        const from = path.posix.dirname(chunk.fileName);
        const specifiers = missing.map((fileName) => `./${path.posix.relative(from, fileName)}`.replace(/^\.\/\.\.\//, '../'));
        chunk.code += `\n${specifiers.map((specifier) => `import${JSON.stringify(specifier)};`).join('')}\n`;
        chunk.imports.push(...missing);
      }
    },
  };
}
