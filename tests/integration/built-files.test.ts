// The local runtime's file list of a build (scripts/lib/built-files.mjs) answers 'may a static file
// answer this path?' as the emulation's own static handler does: the site handler skips
// @netlify/dev only where it would have found nothing, so the two must agree on every kind of path.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// The static handler @netlify/dev itself runs (its dependency, at the version the lock file pins).
import { StaticHandler } from '@netlify/static';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtFiles, staticCandidates } from '../../scripts/lib/built-files.mjs';

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'built-files-'));
  const files = ['index.html', 'about.html', 'legacy.htm', 'guide/index.html', 'old/index.htm', '_astro/site.abc.css', 'favicon.svg', 'robots.txt', 'a%20b.html', 'report.pdf'];
  for (const name of files) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), name);
  }
  // A folder named like a page answers nothing itself; a link answers as its file.
  fs.mkdirSync(path.join(dir, 'insights'));
  fs.symlinkSync(path.join(dir, 'robots.txt'), path.join(dir, 'robots-link.txt'));
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Paths of every kind, each with whether a file of the folder above answers it. */
const PATHS: [string, boolean][] = [
  ['/', true],
  ['/index', true],
  ['/index.html', true],
  ['/about', true],
  ['/about.html', true],
  ['/about/', true],
  ['/legacy', true],
  ['/guide', true],
  ['/guide/', true],
  ['/old', true],
  ['/_astro/site.abc.css', true],
  ['/_astro/site.abc', false],
  ['/favicon.svg', true],
  ['/favicon', false],
  ['/robots.txt', true],
  ['/robots-link.txt', true],
  ['/a%20b', true],
  ['/a b', true],
  ['/report.pdf', true],
  ['/insights', false],
  ['/insights/', false],
  ['/insights/42', false],
  ['/insights/rss.xml', false],
  ['/contact', false],
  ['//about', true],
  ['/about//', false],
  ['/missing.css', false],
  ['/api/enquiries', false],
];

describe('the build file list', () => {
  it('says a file may answer exactly where the emulation finds one', async () => {
    const handler = new StaticHandler({ directory: dir });
    const built = builtFiles(dir);
    const agreed = await Promise.all(
      PATHS.map(async ([pathname]) => {
        const found = (await handler.match(new Request(`http://127.0.0.1${pathname}`))) !== undefined;
        return [pathname, found, built.mayAnswer(new URL(`http://127.0.0.1${pathname}`).pathname)];
      }),
    );
    // Both columns, so a disagreement names its path.
    expect(agreed.filter(([, found, listed]) => found !== listed)).toEqual([]);
    // And the emulation finds exactly the files the folder has: not all of the paths, not none.
    expect(agreed.map(([pathname, found]) => [pathname, found])).toEqual(PATHS);
  });

  it('tries the path, then its page and its folder index, as @netlify/static does', () => {
    expect(staticCandidates('/about')).toEqual(['/about', '/about.html', '/about.htm', '/about/index.html', '/about/index.htm']);
    expect(staticCandidates('/about/')).toEqual(['/about/', '/about.html', '/about.htm', '/about/index.html', '/about/index.htm']);
    expect(staticCandidates('/')).toEqual(['/', '/index.html', '/index.htm']);
    expect(staticCandidates('/site.css')).toEqual(['/site.css']);
  });

  it('reads a leading or doubled slash as one', () => {
    const built = builtFiles(dir);
    expect([built.has('about.html'), built.has('/about.html'), built.has('//guide//index.html'), built.has('/insights')]).toEqual([true, true, true, false]);
  });
});
