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
// about 12 MB (most of it the on-demand function) and takes tens of milliseconds. It records the
// process that took it (sweepAbandonedSnapshots says how), so a site started after one that
// crashed removes what it left, and never what a live site in another container sharing /tmp holds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isRunning } from './process-running.mjs';

const PREFIX = 'site-build-';

/** What the site serves, relative to the project: the static files, the on-demand function and what configures them. */
const PARTS = ['netlify.toml', 'dist', '.netlify/v1/config.json', '.netlify/v1/functions/ssr'];

/** The file in a snapshot that names the process that took it (processIdentity). */
export const OWNER_FILE = '.owner.json';

/** A file's first line, or null where there is no such file (not Linux). */
function readLine(file) {
  try {
    return fs.readFileSync(file, 'utf8').split('\n')[0].trim();
  } catch {
    return null;
  }
}

/**
 * What names process `pid` of this process's host among every other: the kernel boot and the pid
 * namespace its id belongs to (containers sharing a /tmp each have their own, where the same id
 * names another process), the host name, and when the process started (an ended process's id is
 * given to a new one), in clock ticks since boot. On a system without /proc the host name and the
 * id alone.
 * @param {number} pid a process of this process's pid namespace
 */
export function processIdentity(pid) {
  const stat = readLine(`/proc/${pid}/stat`);
  let pidNamespace = null;
  try {
    pidNamespace = fs.readlinkSync('/proc/self/ns/pid');
  } catch {}
  return {
    hostname: os.hostname(),
    bootId: readLine('/proc/sys/kernel/random/boot_id'),
    pidNamespace,
    pid,
    // The 22nd field, counted after the command name, which is in parentheses and may hold spaces.
    start: stat === null ? null : (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null),
  };
}

/**
 * The folders of the site's builds: snapshots (an earlier version's name only the process id, with
 * no owner record), and the on-demand function's copies an earlier version made.
 */
const SNAPSHOT_FOLDER = /^(?:site-build-\d+-|site-on-demand-)/;

/** When this machine's kernel started, in ms, a minute early for a clock set after the boot. */
const bootedAt = () => Date.now() - os.uptime() * 1000 - 60_000;

/**
 * Whether the process a snapshot's owner record names has provably ended: it ran on this host,
 * in this boot and pid namespace (elsewhere its id says nothing here), and no process of its id
 * runs, or the one that does started at another time.
 */
function ownerEnded(owner) {
  const here = processIdentity(owner.pid);
  if (owner.hostname !== here.hostname || owner.bootId !== here.bootId || owner.pidNamespace !== here.pidNamespace) return false;
  if (!isRunning(owner.pid)) return true;
  return owner.start !== null && here.start !== null && owner.start !== here.start;
}

/** The owner record in snapshot folder `folder`; null when it has none (an earlier version's, or one being made). */
function ownerOf(folder) {
  try {
    const owner = JSON.parse(fs.readFileSync(path.join(folder, OWNER_FILE), 'utf8'));
    return Number.isInteger(owner?.pid) && owner.pid > 0 ? owner : null;
  } catch {
    return null;
  }
}

/**
 * Removes the snapshots of sites whose process ended without removing its own (a crash, a kill -9),
 * and only those: one whose owner provably ended (ownerEnded), or a folder of any version made
 * before this machine started, which no running process can hold. A folder with no record made
 * since (an earlier version's, or one being made this moment) is kept: the id in its name may be
 * another container's. A temporary folder shared between machines is not provided for.
 */
function sweepAbandonedSnapshots(dir = os.tmpdir()) {
  const booted = bootedAt();
  for (const name of fs.readdirSync(dir)) {
    if (!SNAPSHOT_FOLDER.test(name)) continue;
    const folder = path.join(dir, name);
    const owner = ownerOf(folder);
    let made;
    try {
      made = fs.statSync(folder).mtimeMs;
    } catch {
      continue; // removed meanwhile by another start's sweep
    }
    if ((owner !== null && ownerEnded(owner)) || made < booted) fs.rmSync(folder, { recursive: true, force: true });
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
    fs.writeFileSync(path.join(snapshot, OWNER_FILE), JSON.stringify(processIdentity(process.pid)));
    for (const part of PARTS) {
      fs.cpSync(path.join(root, part), path.join(snapshot, part), { recursive: true, mode: fs.constants.COPYFILE_FICLONE });
    }
  } catch (err) {
    fs.rmSync(snapshot, { recursive: true, force: true });
    throw err;
  }
  return { root: snapshot, remove: () => fs.rmSync(snapshot, { recursive: true, force: true }) };
}
