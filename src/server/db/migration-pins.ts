import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR, readMigrations } from './migrate.ts';

/**
 * A landed migration is frozen: Netlify Database keeps the checksum of each migration it applied
 * and fails the next deploy of a site whose file changed ("has been modified after being applied")
 * or went ("has been removed after being applied"). The pins file holds every landed migration's
 * SHA-256, one line each as `sha256sum` writes them (so `sha256sum -c db/migrations.sha256` checks
 * it too), and a unit test compares the folder with it. The hash is of the file's bytes as they
 * are: Netlify's build copies them unchanged (copyFile) to what the deploy applies. Paths are from
 * the repository's root, the folder above the pins file's.
 */
const PINS_FILE = path.resolve(import.meta.dirname ?? '.', '../../../db/migrations.sha256');

/** The command that pins a new migration; it only ever adds lines. */
const PIN_COMMAND = 'npm run db:pin-migrations';

export interface Pin {
  name: string;
  sha256: string;
  /** The file's path as the line names it, from the repository's root. */
  file: string;
}

/** Where a migrations folder and its pins part. */
export interface PinDrift {
  /** Pinned, and the file's bytes are not the pinned ones. */
  changed: string[];
  /** Pinned, and the folder has no migration of that name. */
  removed: string[];
  /** In the folder and not pinned: a new migration. */
  unpinned: string[];
}

const LINE = /^([0-9a-f]{64}) [ *](.+)$/;

/** The migration a pinned path names: `<name>.sql` or `<name>/migration.sql`, as readMigrations names it. */
function migrationName(file: string): string {
  const parts = file.split('/');
  const last = parts.at(-1)!;
  return last === 'migration.sql' && parts.length > 1 ? parts.at(-2)! : last.replace(/\.sql$/, '');
}

export async function readPins(pinsFile = PINS_FILE): Promise<Pin[]> {
  const text = await fs.readFile(pinsFile, 'utf8').catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? '' : Promise.reject(err)));
  const pins: Pin[] = [];
  // A checkout with core.autocrlf writes the file with CRLF: the CR ends no path.
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === '') continue;
    const match = LINE.exec(line);
    if (!match) throw new Error(`${path.basename(pinsFile)} line ${i + 1} is not "<sha256>  <path>": ${line}`);
    pins.push({ name: migrationName(match[2]!), sha256: match[1]!, file: match[2]! });
  }
  return pins;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The migrations of `dir`, each with the hash of its bytes and its path as a pin names it. */
async function hashedMigrations(dir: string, pinsFile: string): Promise<Pin[]> {
  const root = path.dirname(path.dirname(pinsFile));
  return Promise.all(
    (await readMigrations(dir)).map(async (m) => ({
      name: m.name,
      sha256: sha256(await fs.readFile(m.file)),
      file: path.relative(root, m.file).split(path.sep).join('/'),
    })),
  );
}

/**
 * How the migrations in `dir` differ from their pins. A migration is matched by its name, Netlify's
 * key for it: a file moved into a folder of its name (`<name>/migration.sql`) with the same bytes
 * is the same migration.
 */
export async function pinDrift(dir = MIGRATIONS_DIR, pinsFile = PINS_FILE): Promise<PinDrift> {
  const pinned = new Map((await readPins(pinsFile)).map((p) => [p.name, p]));
  const found = await hashedMigrations(dir, pinsFile);
  const names = new Set(found.map((m) => m.name));
  return {
    changed: found.filter((m) => pinned.has(m.name) && pinned.get(m.name)!.sha256 !== m.sha256).map((m) => m.name),
    removed: [...pinned.keys()].filter((name) => !names.has(name)),
    unpinned: found.filter((m) => !pinned.has(m.name)).map((m) => m.name),
  };
}

/**
 * Appends a pin for each migration that has none; returns their names. A pinned line is never
 * rewritten: a landed migration whose bytes changed stays a failure, put right by restoring it.
 */
export async function pinNewMigrations(dir = MIGRATIONS_DIR, pinsFile = PINS_FILE): Promise<string[]> {
  const pinned = new Set((await readPins(pinsFile)).map((p) => p.name));
  const added = (await hashedMigrations(dir, pinsFile)).filter((m) => !pinned.has(m.name));
  if (added.length > 0) {
    const before = await fs.readFile(pinsFile, 'utf8').catch(() => '');
    const lead = before === '' || before.endsWith('\n') ? '' : '\n';
    await fs.appendFile(pinsFile, lead + added.map((m) => `${m.sha256}  ${m.file}\n`).join(''));
  }
  return added.map((m) => m.name);
}

/** What the pins test says when the folder and its pins part: the rule, and what to do about each. */
export function describeDrift(drift: PinDrift): string {
  const lines = [
    'A landed migration is frozen: Netlify keeps the checksum of each migration it applied and fails the next deploy of a site',
    'whose file changed or went. Make a change with a migration of the next number instead.',
  ];
  if (drift.changed.length > 0) lines.push(`Changed since pinned (put each back as it was: its last pinned version in git): ${drift.changed.join(', ')}.`);
  if (drift.removed.length > 0) lines.push(`Pinned but gone (restore each): ${drift.removed.join(', ')}.`);
  if (drift.unpinned.length > 0) lines.push(`New, not pinned yet (pin with \`${PIN_COMMAND}\`, which adds their lines to db/migrations.sha256): ${drift.unpinned.join(', ')}.`);
  return lines.join('\n');
}
