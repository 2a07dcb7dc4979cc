// The site's two web fonts, cut down at build time to the glyphs the site uses and the weights it
// sets, so the text above the fold waits for ~29 KB of font instead of ~86 KB (the Latin files
// of @fontsource-variable/inter and /fraunces, every OpenType alternate and the whole weight axis).
//
// The glyph set: printable ASCII (any English an editor writes in an article), a fixed set of
// editorial punctuation, and every other character that appears in src/. A character outside it
// (an accented name in an article, say) is drawn by the metric-matched fallback font; the build
// fails if a built page uses one (see `missingGlyphs`). Of the OpenType layout features, the
// subsets keep those a browser applies to Latin text unasked and that shape it correctly
// (`LAYOUT_FEATURES`); the rest, which harfbuzz's subsetter would keep, are dropped: the site's CSS
// asks for none of them (no tabular or old-style figures, no stylistic sets), and Inter's
// contextual alternates (an arrow from '->', a colon raised between figures) alone weigh ~7 KB.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
/** What editors and the site's own copy reach for beyond ASCII: quotes, dashes, ellipsis, symbols. */
const EDITORIAL = '\u00a0‘’‚“”„–—…•·©®™€£°×÷§¶†';
const SOURCE_EXTENSIONS = new Set(['.astro', '.ts', '.tsx', '.md', '.mdx', '.css']);

/**
 * Composition and marks, localised forms, kerning, standard and required ligatures, and the
 * glyph swaps a variable font needs along its axes (`rvrn`). Not `calt`/`clig`: contextual
 * alternates are refinements, and the largest part of Inter's layout tables.
 */
const LAYOUT_FEATURES = ['ccmp', 'locl', 'mark', 'mkmk', 'kern', 'liga', 'rlig', 'rvrn'];

/** The site's fonts: the source file (Latin subset of the Fontsource package) and the weights it is set in. */
const SITE_FONTS = /** @type {const} */ ([
  {
    key: 'inter',
    source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    // Body text is set at 400, 500 (font-medium), 600 (font-semibold) and 700 (<strong>).
    variationAxes: { wght: { min: 400, max: 700 } },
  },
  {
    key: 'fraunces',
    source: '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
    // The display face is only ever set semibold: a static instance, no variation tables.
    variationAxes: { wght: 600 },
  },
]);

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(p);
    else if (SOURCE_EXTENSIONS.has(path.extname(entry.name))) yield p;
  }
}

/** Every character the subsets keep: ASCII, the editorial set and each non-ASCII character in `srcDir`. */
export function glyphsUsed(srcDir) {
  const chars = new Set(ASCII + EDITORIAL);
  for (const file of sourceFiles(srcDir)) {
    for (const ch of fs.readFileSync(file, 'utf8')) if (ch.codePointAt(0) > 0x7e) chars.add(ch);
  }
  return [...chars].sort().join('');
}

/**
 * Writes each font's subset to `cacheDir` (named by a hash of everything that shapes it, so an
 * unchanged set is never cut twice) and returns `{ [key]: absolute path }`.
 * @returns {Promise<Record<(typeof SITE_FONTS)[number]['key'], string>>}
 */
export async function subsetSiteFonts({ root, cacheDir, text }) {
  fs.mkdirSync(cacheDir, { recursive: true });
  const version = require('subset-font/package.json').version;
  const out = /** @type {Record<string, string>} */ ({});
  for (const font of SITE_FONTS) {
    const sourcePath = require.resolve(font.source, { paths: [root] });
    const source = fs.readFileSync(sourcePath);
    const hash = crypto.createHash('sha256').update(source).update(text).update(JSON.stringify(font.variationAxes)).update(LAYOUT_FEATURES.join()).update(version).digest('hex').slice(0, 12);
    const target = path.join(cacheDir, `${font.key}-${hash}.woff2`);
    if (!fs.existsSync(target)) {
      const subset = await subsetFont(source, text, { targetFormat: 'woff2', variationAxes: font.variationAxes, keepFeatures: LAYOUT_FEATURES });
      fs.writeFileSync(`${target}.tmp`, subset);
      fs.renameSync(`${target}.tmp`, target);
    }
    out[font.key] = target;
  }
  return out;
}

const decodeEntities = (s) =>
  s
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&(nbsp|copy|reg|trade|amp|lt|gt|quot|apos|hellip|mdash|ndash|lsquo|rsquo|ldquo|rdquo|middot|bull);/g, (_, n) =>
      ({ nbsp: '\u00a0', copy: '©', reg: '®', trade: '™', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", hellip: '…', mdash: '—', ndash: '–', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', middot: '·', bull: '•' })[n],
    );

/** Characters in the visible text of the built HTML pages under `distDir` that the subsets lack. */
export function missingGlyphs(distDir, text) {
  const kept = new Set(text);
  const missing = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith('.html')) {
        const visible = decodeEntities(
          fs
            .readFileSync(p, 'utf8')
            .replace(/<(script|style)[\s\S]*?<\/\1>/g, '')
            .replace(/<[^>]+>/g, ' '),
        );
        for (const ch of visible) if (ch > '\u001f' && !kept.has(ch) && !/\s/.test(ch)) missing.set(ch, path.relative(distDir, p));
      }
    }
  };
  walk(distDir);
  return missing;
}
