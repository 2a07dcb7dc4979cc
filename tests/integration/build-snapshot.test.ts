// The running site's snapshot of its build (scripts/lib/build-snapshot.mjs): what it holds, that a
// build beside it changes none of it, and that a crashed site's snapshot goes at the next start.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OWNER_FILE, processIdentity, snapshotBuild } from '../../scripts/lib/build-snapshot.mjs';
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

/** Every file under `dir` but the snapshot's owner record, relative to it, with its text. */
function contents(dir: string): Record<string, string> {
  const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && !(e.parentPath === dir && e.name === OWNER_FILE));
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
    expect(JSON.parse(fs.readFileSync(path.join(build.root, OWNER_FILE), 'utf8'))).toEqual(processIdentity(process.pid));

    // A build: dist and the adapter's folder emptied, then new files of other hashes.
    fs.rmSync(path.join(project, 'dist'), { recursive: true });
    fs.rmSync(path.join(project, '.netlify/v1'), { recursive: true });
    writeBuild(project, 'New2');
    expect(contents(build.root)).toEqual(taken);

    build.remove();
    expect(fs.readdirSync(snapshots)).toEqual([]);
  });

  /** A process that has ended: its id names no running process (the test runs in milliseconds). */
  const endedPid = () => Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);

  /** A snapshot folder named `name` whose owner record is `owner` (none: one an earlier version left). */
  function leftSnapshot(name: string, owner?: object) {
    fs.mkdirSync(path.join(snapshots, name, 'dist'), { recursive: true });
    if (owner) fs.writeFileSync(path.join(snapshots, name, OWNER_FILE), JSON.stringify(owner));
  }

  /** Sets a folder's times to a day before this machine started. */
  function fromBeforeTheBoot(name: string) {
    const before = new Date(Date.now() - os.uptime() * 1000 - 86_400_000);
    fs.utimesSync(path.join(snapshots, name), before, before);
  }

  it('removes the snapshot of a site whose process provably ended on this host, and keeps every other', () => {
    const ended = endedPid();
    const here = processIdentity(process.pid);
    // The parent of this test's worker runs; its id and start time are its own.
    const running = processIdentity(process.ppid);
    leftSnapshot(`site-build-${ended}-gone`, { ...here, pid: ended, start: '1' });
    // The same id as a running process, but another process: one that started at another time.
    leftSnapshot(`site-build-${process.ppid}-reused`, { ...running, start: String(Number(running.start) + 1) });
    leftSnapshot(`site-build-${process.ppid}-live`, running);
    // Another container sharing /tmp: its process ids are of another pid namespace, or its host name another.
    leftSnapshot(`site-build-${ended}-other-namespace`, { ...here, pid: ended, pidNamespace: 'pid:[1]' });
    leftSnapshot(`site-build-${ended}-other-host`, { ...here, pid: ended, hostname: `not-${here.hostname}` });
    leftSnapshot(`site-build-${ended}-other-boot`, { ...here, pid: ended, bootId: 'another-kernel' });
    fs.mkdirSync(path.join(snapshots, 'other-folder'));

    const build = snapshotBuild(project, { dir: snapshots });
    expect(fs.readdirSync(snapshots).sort()).toEqual(
      [
        path.basename(build.root),
        `site-build-${process.ppid}-live`,
        `site-build-${ended}-other-namespace`,
        `site-build-${ended}-other-host`,
        `site-build-${ended}-other-boot`,
        'other-folder',
      ].sort(),
    );
    expect(path.basename(build.root)).toMatch(new RegExp(`^site-build-${process.pid}-`));
    build.remove();
  });

  it('removes a folder an earlier version left, with no owner record, only once it predates the boot', () => {
    // Earlier snapshots named their process only; the on-demand function's copies, not even that.
    const ended = endedPid();
    for (const name of [`site-build-${ended}-old`, 'site-on-demand-old', `site-build-${ended}-recent`, 'site-on-demand-recent']) leftSnapshot(name);
    fromBeforeTheBoot(`site-build-${ended}-old`);
    fromBeforeTheBoot('site-on-demand-old');

    const build = snapshotBuild(project, { dir: snapshots });
    expect(fs.readdirSync(snapshots).sort()).toEqual([path.basename(build.root), `site-build-${ended}-recent`, 'site-on-demand-recent'].sort());
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

