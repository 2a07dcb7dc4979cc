// The running site's snapshot of its build (scripts/lib/build-snapshot.mjs): what it holds, that a
// build beside it changes none of it, and that a crashed site's snapshot goes at the next start.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { snapshotBuild } from '../../scripts/lib/build-snapshot.mjs';
import { createSiteHandler } from '../../scripts/lib/site-handler.mjs';

let project: string;
let snapshots: string;

/** A project with a build laid out as `astro build` leaves it. */
function writeBuild(root: string, hash: string) {
  const files: Record<string, string> = {
    'netlify.toml': '[build]\n  publish = "dist"\n',
    'dist/about.html': `<link rel="stylesheet" href="/_astro/site.${hash}.css">`,
    [`dist/_astro/site.${hash}.css`]: `/* ${hash} */`,
    '.netlify/v1/config.json': '{"headers":[]}',
    '.netlify/v1/functions/ssr/ssr.mjs': `export default () => new Response('${hash}');`,
  };
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
}

/** Every file under `dir`, relative to it, with its text. */
function contents(dir: string): Record<string, string> {
  const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return Object.fromEntries(files.map((e) => [path.relative(dir, path.join(e.parentPath, e.name)), fs.readFileSync(path.join(e.parentPath, e.name), 'utf8')]).sort());
}

beforeEach(() => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'snapshot-project-'));
  snapshots = fs.mkdtempSync(path.join(os.tmpdir(), 'snapshots-'));
  writeBuild(project, 'Old1');
  // Not part of what is served: the adapter's other output, the functions' own bundle.
  fs.mkdirSync(path.join(project, '.netlify/local-functions'), { recursive: true });
  fs.writeFileSync(path.join(project, '.netlify/local-functions/enquiries.mjs'), '');
});
afterEach(() => {
  fs.rmSync(project, { recursive: true, force: true });
  fs.rmSync(snapshots, { recursive: true, force: true });
});

describe('snapshotBuild', () => {
  it('holds what the site serves, unchanged by a build that replaces the project’s, until removed', () => {
    const build = snapshotBuild(project, { dir: snapshots });
    const taken = {
      '.netlify/v1/config.json': '{"headers":[]}',
      '.netlify/v1/functions/ssr/ssr.mjs': "export default () => new Response('Old1');",
      'dist/_astro/site.Old1.css': '/* Old1 */',
      'dist/about.html': '<link rel="stylesheet" href="/_astro/site.Old1.css">',
      'netlify.toml': '[build]\n  publish = "dist"\n',
    };
    expect(contents(build.root)).toEqual(taken);

    // A build: dist and the adapter's folder emptied, then new files of other hashes.
    fs.rmSync(path.join(project, 'dist'), { recursive: true });
    fs.rmSync(path.join(project, '.netlify/v1'), { recursive: true });
    writeBuild(project, 'New2');
    expect(contents(build.root)).toEqual(taken);

    build.remove();
    expect(fs.readdirSync(snapshots)).toEqual([]);
  });

  it('removes the snapshot of a site whose process ended without removing it, and keeps those of running ones', () => {
    // A process that has ended: its id names no running process (the test runs in milliseconds).
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    fs.mkdirSync(path.join(snapshots, `site-build-${ended}-abc123`));
    fs.mkdirSync(path.join(snapshots, `site-build-${process.ppid}-def456`));
    fs.mkdirSync(path.join(snapshots, 'other-folder'));

    const build = snapshotBuild(project, { dir: snapshots });
    expect(fs.readdirSync(snapshots).sort()).toEqual([path.basename(build.root), `site-build-${process.ppid}-def456`, 'other-folder'].sort());
    expect(path.basename(build.root)).toMatch(new RegExp(`^site-build-${process.pid}-`));
    build.remove();
  });
});

describe('a site that fails to start', () => {
  it('removes the snapshot it took', async () => {
    // An on-demand function that throws as it loads: the site cannot start.
    fs.writeFileSync(path.join(project, '.netlify/v1/functions/ssr/ssr.mjs'), "throw new Error('broken build');");
    await expect(createSiteHandler({ root: project, snapshotDir: snapshots })).rejects.toThrow('broken build');
    expect(fs.readdirSync(snapshots)).toEqual([]);
  });
});

