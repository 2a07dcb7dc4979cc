// The files of a build's publish folder, listed once when the local runtime starts on it (the build
// is a snapshot that never changes under the server: scripts/lib/build-snapshot.mjs). Netlify's CDN
// decides from its deploy's own file list, in memory, whether a file answers a path before any
// function runs; @netlify/dev decides it per request on disk, with a scratch folder made and removed
// around every lookup, which cost an on-demand page ~3 ms of its ~20 before the function was even
// called (profiled on this project's 2-core host). The site handler asks this list first and calls
// the emulation only where a file can answer, so the decision stays the emulation's own and only
// its cost on a miss goes.
import fs from 'node:fs';
import path from 'node:path';

/** File endings @netlify/static serves as they are, without trying `.html` and index files after them. */
const ASSET_EXTENSION = /\.(html?|png|jpg|js|css|svg|gif|ico|woff|woff2)$/;

/**
 * The files @netlify/static tries for a URL path, in its order (its getURLVariations, which it does
 * not export): the path itself, then `.html`/`.htm` and the folder's index for a path without an
 * asset's ending, a slashed path's own `.html` before its folder's index. Percent-escapes stay as
 * written, as there: `/a%20b` is a file named `a%20b`.
 * @param {string} pathname
 * @returns {string[]} URL paths, each naming a file under the publish folder
 */
export function staticCandidates(pathname) {
  const paths = [];
  if (pathname.endsWith('/')) {
    const bare = pathname.slice(0, -1);
    if (pathname !== '/') paths.push(`${bare}.html`, `${bare}.htm`);
    paths.push(`${pathname}index.html`, `${pathname}index.htm`);
  } else if (!ASSET_EXTENSION.test(pathname)) {
    paths.push(`${pathname}.html`, `${pathname}.htm`, `${pathname}/index.html`, `${pathname}/index.htm`);
  }
  return paths.includes(pathname) ? paths : [pathname, ...paths];
}

/**
 * The publish folder `dir`'s file list.
 * @param {string} dir
 * @returns {{ has: (relative: string) => boolean, mayAnswer: (pathname: string) => boolean }}
 *   `has`: whether the file is there (a '/'-joined path from the folder, a leading or doubled slash
 *   read as one); `mayAnswer`: whether a static file answers the URL path, by @netlify/static's rule.
 */
export function builtFiles(dir) {
  const files = new Set();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    // A link counts as what it leads to, as the emulation's stat() reads it.
    if (entry.isFile() || (entry.isSymbolicLink() && fs.statSync(full, { throwIfNoEntry: false })?.isFile())) {
      files.add(path.relative(dir, full).split(path.sep).join('/'));
    }
  }
  const has = (relative) => files.has(relative.split('/').filter(Boolean).join('/'));
  return { has, mayAnswer: (pathname) => staticCandidates(pathname).some(has) };
}
