import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeDrift, pinDrift, pinNewMigrations, readPins } from './migration-pins.ts';

describe("this repository's migrations", () => {
  it('are each pinned with the SHA-256 of their bytes, and every pin is a migration here', async () => {
    const drift = await pinDrift();
    expect(drift, describeDrift(drift)).toEqual({ changed: [], removed: [], unpinned: [] });
  });
});

const roots: string[] = [];
afterEach(async () => {
  for (const dir of roots.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

/** A repository of its own: netlify/database/migrations with `files` (path: text) and db/migrations.sha256. */
async function repository(files: Record<string, string>) {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'migration-pins-'));
  roots.push(root);
  const dir = path.join(root, 'netlify/database/migrations');
  for (const [name, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fs.writeFile(path.join(dir, name), text);
  }
  await fs.mkdir(path.join(root, 'db'));
  return { dir, pins: path.join(root, 'db/migrations.sha256') };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('migration pins', () => {
  it("pins a file migration and a folder migration by their own bytes, as sha256sum's lines", async () => {
    const { dir, pins } = await repository({ '0001_first.sql': 'select 1;\n', '0002_second/migration.sql': 'select 2;\r\n' });
    expect(await pinNewMigrations(dir, pins)).toEqual(['0001_first', '0002_second']);
    expect(await fs.readFile(pins, 'utf8')).toBe(
      `${sha256('select 1;\n')}  netlify/database/migrations/0001_first.sql\n` +
        `${sha256('select 2;\r\n')}  netlify/database/migrations/0002_second/migration.sql\n`,
    );
    expect(await pinDrift(dir, pins)).toEqual({ changed: [], removed: [], unpinned: [] });
  });

  it('finds a changed byte (a line ending included), a removed migration and a new one', async () => {
    const { dir, pins } = await repository({ '0001_first.sql': 'select 1;\n', '0002_second/migration.sql': 'select 2;\n', '0003_third.sql': 'select 3;\n' });
    await pinNewMigrations(dir, pins);
    await fs.writeFile(path.join(dir, '0001_first.sql'), 'select 1;\r\n');
    await fs.writeFile(path.join(dir, '0002_second/migration.sql'), 'select 2; ');
    await fs.rm(path.join(dir, '0003_third.sql'));
    await fs.writeFile(path.join(dir, '0004_fourth.sql'), 'select 4;\n');
    const drift = await pinDrift(dir, pins);
    expect(drift).toEqual({ changed: ['0001_first', '0002_second'], removed: ['0003_third'], unpinned: ['0004_fourth'] });
    expect(describeDrift(drift)).toBe(
      [
        'A landed migration is frozen: Netlify keeps the checksum of each migration it applied and fails the next deploy of a site',
        'whose file changed or went. Make a change with a migration of the next number instead.',
        'Changed since pinned (put each back as it was: its last pinned version in git): 0001_first, 0002_second.',
        'Pinned but gone (restore each): 0003_third.',
        'New, not pinned yet (pin with `npm run db:pin-migrations`, which adds their lines to db/migrations.sha256): 0004_fourth.',
      ].join('\n'),
    );
  });

  it('pins only the new migration, and never pins a changed one again', async () => {
    const { dir, pins } = await repository({ '0001_first.sql': 'select 1;\n' });
    await pinNewMigrations(dir, pins);
    await fs.writeFile(path.join(dir, '0001_first.sql'), 'select 10;\n');
    await fs.writeFile(path.join(dir, '0002_second.sql'), 'select 2;\n');
    expect(await pinNewMigrations(dir, pins)).toEqual(['0002_second']);
    expect((await readPins(pins)).map((p) => [p.name, p.sha256])).toEqual([
      ['0001_first', sha256('select 1;\n')],
      ['0002_second', sha256('select 2;\n')],
    ]);
    expect(await pinDrift(dir, pins)).toEqual({ changed: ['0001_first'], removed: [], unpinned: [] });
  });

  it('knows a file migration moved into a folder of its name, bytes unchanged, as the same migration', async () => {
    const { dir, pins } = await repository({ '0001_first.sql': 'select 1;\n' });
    await pinNewMigrations(dir, pins);
    await fs.rm(path.join(dir, '0001_first.sql'));
    await fs.mkdir(path.join(dir, '0001_first'));
    await fs.writeFile(path.join(dir, '0001_first/migration.sql'), 'select 1;\n');
    expect(await pinDrift(dir, pins)).toEqual({ changed: [], removed: [], unpinned: [] });
  });

  it('reads a pins file checked out with CRLF line endings (core.autocrlf) as the same pins', async () => {
    const { dir, pins } = await repository({ '0001_first.sql': 'select 1;\n', '0002_second/migration.sql': 'select 2;\n' });
    await pinNewMigrations(dir, pins);
    await fs.writeFile(pins, (await fs.readFile(pins, 'utf8')).replaceAll('\n', '\r\n'));
    expect((await readPins(pins)).map((p) => [p.name, p.file])).toEqual([
      ['0001_first', 'netlify/database/migrations/0001_first.sql'],
      ['0002_second', 'netlify/database/migrations/0002_second/migration.sql'],
    ]);
    expect(await pinDrift(dir, pins)).toEqual({ changed: [], removed: [], unpinned: [] });
    expect(await pinNewMigrations(dir, pins)).toEqual([]);
  });
});
