// `virtual:island-classes`: every class an island (or a script) can put on the page after it
// loads, found by Tailwind's own scanner in the TypeScript under src/ (the islands, the scripts and
// the modules they import), for src/server/page-styles.ts to keep when it cuts a page's stylesheet
// to the classes the page's markup uses. Markup rendered on the server (.astro files, an island's
// first render) carries its classes itself. The admin panel is left out: its page keeps the whole
// stylesheet. Over-inclusion only keeps a few unused rules; a class missed here would leave an
// island unstyled, so the scan takes every .ts and .tsx file, not a guess at what islands import.
import path from 'node:path';
import { Scanner } from '@tailwindcss/oxide';

const VIRTUAL_ID = 'virtual:island-classes';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** @param {{ root: string }} options @returns {import('vite').Plugin} */
export function islandClasses({ root }) {
  const src = path.join(root, 'src');
  return {
    name: 'island-classes',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const scanner = new Scanner({
        sources: [
          { base: src, pattern: '**/*.{ts,tsx}', negated: false },
          { base: path.join(src, 'islands/admin'), pattern: '**/*', negated: true },
          { base: path.join(src, 'server'), pattern: '**/*', negated: true },
        ],
      });
      const candidates = scanner.scan();
      for (const file of scanner.files) this.addWatchFile(file);
      return `export default ${JSON.stringify(candidates)};\n`;
    },
  };
}
