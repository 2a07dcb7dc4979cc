// What the build's own asset steps share (the site stylesheet, Astro's island runtime): files a
// page names on its root element, written under content-hashed names once the build is done, and a
// build that fails if a built page names one it did not write.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Writes each `href -> content` of `files` under the build's output folder `dir`, then reads every
 * built page and throws if its `attribute` names a file not among them.
 * @param {URL} dir @param {Map<string, string>} files @param {string} attribute
 */
export async function writeNamedAssets(dir, files, attribute) {
  const root = fileURLToPath(dir);
  for (const [href, content] of files) {
    const file = path.join(root, href);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
  }
  const reference = new RegExp(`${attribute}="([^"]+)"`);
  const pages = (await fs.readdir(root, { recursive: true })).filter((name) => name.endsWith('.html'));
  for (const page of pages) {
    const href = (await fs.readFile(path.join(root, page), 'utf8')).match(reference)?.[1];
    if (href && !files.has(href)) throw new Error(`${page} names ${href} (${attribute}), which the build did not write`);
  }
}
