// A running site serves a snapshot of its own build, taken when it starts, as a Netlify deploy is
// atomic and immutable: every page keeps finding the hashed assets it names, and prerendered pages
// and the on-demand function stay of one build. The project's build folders do not stay put under a
// running site: `astro build` empties dist/ and fills it with pages naming assets of other hashes,
// and every `astro` command (sync, check, dev, build) empties the adapter's build folder, whose
// function loads a page's module only when that page is first asked for.
//
// The snapshot is a copy (a clone where the filesystem has them), outside the project: a hard link
// fails across filesystems and shares the bytes of a file that is later rewritten in place, and a
// module the adapter did not pack beside its function fails here as it would on Netlify. It holds
// about 12 MB (most of it the on-demand function) and takes tens of milliseconds. Its folder names
// the process that took it, so a site started after one that crashed removes what it left.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PREFIX = 'site-build-';

/** What the site serves, relative to the project: the static files, the on-demand function and what configures them. */
const PARTS = ['netlify.toml', 'dist', '.netlify/v1/config.json', '.netlify/v1/functions/ssr'];

/** Whether a process of this id runs (EPERM: it does, under another user). */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return /** @type {NodeJS.ErrnoException} */ (err).code === 'EPERM';
  }
}

/** Removes the snapshots of sites whose process has ended without removing its own (a crash, a kill -9). */
export function sweepAbandonedSnapshots(dir = os.tmpdir()) {
  for (const name of fs.readdirSync(dir)) {
    const pid = new RegExp(`^${PREFIX}(\\d+)-`).exec(name)?.[1];
    if (pid && Number(pid) !== process.pid && !isRunning(Number(pid))) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

/**
 * Copies the project's build to a folder of this process's own, laid out as the project is (so
 * @netlify/dev reads its netlify.toml and publish folder there).
 * @param {string} root the project
 * @param {{ dir?: string }} [options] where snapshots are kept (tests)
 * @returns {{ root: string, remove: () => void }}
 */
export function snapshotBuild(root, { dir = os.tmpdir() } = {}) {
  sweepAbandonedSnapshots(dir);
  const snapshot = fs.mkdtempSync(path.join(dir, `${PREFIX}${process.pid}-`));
  try {
    for (const part of PARTS) {
      fs.cpSync(path.join(root, part), path.join(snapshot, part), { recursive: true, mode: fs.constants.COPYFILE_FICLONE });
    }
  } catch (err) {
    fs.rmSync(snapshot, { recursive: true, force: true });
    throw err;
  }
  return { root: snapshot, remove: () => fs.rmSync(snapshot, { recursive: true, force: true }) };
}
