import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, readMigrations } from './migrate.ts';

// Netlify's own build code (netlify-cli's @netlify/build): the checks and order of its migrations
// step, which copies the files a deploy applies.
const buildRoot = path.join(path.dirname(createRequire(import.meta.url).resolve('netlify-cli/package.json')), 'node_modules/@netlify/build/lib');
const netlifyValidation = () => import(pathToFileURL(path.join(buildRoot, 'plugins_core/db_setup/validation.js')).href);

const folders: string[] = [];
afterEach(async () => {
  for (const dir of folders.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

async function folderOf(names: string[]): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  folders.push(dir);
  for (const name of names) await fs.writeFile(path.join(dir, name), 'select 1;');
  return dir;
}

describe('readMigrations: the files Netlify applies, in its order', () => {
  it("takes this repository's migrations as Netlify's build does: all of them, in the same order", async () => {
    const { validateMigrations } = await netlifyValidation();
    const files = (await fs.readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql'));
    const netlify = validateMigrations([], files, new Set());
    expect(netlify.valid).toBe(true);
    expect((await readMigrations()).map((m) => m.name)).toEqual(netlify.files.map((f: string) => f.replace(/\.sql$/, '')));
  });

  it('refuses a name Netlify would skip without a word (an upper-case slug, a space)', async () => {
    const { MIGRATION_FILE_PATTERN } = await netlifyValidation();
    for (const name of ['0013_Add_Column.sql', '0013_add column.sql']) {
      expect(MIGRATION_FILE_PATTERN.test(name), name).toBe(false);
      await expect(readMigrations(await folderOf(['0001_first.sql', name])), name).rejects.toThrow('Netlify would skip it');
    }
    // What is not a migration stays out, as on Netlify.
    expect((await readMigrations(await folderOf(['0001_first.sql', 'README.md']))).map((m) => m.name)).toEqual(['0001_first']);
  });

  it('refuses numbers whose order as text, the order Netlify applies them in, differs', async () => {
    await expect(readMigrations(await folderOf(['0012_twelve.sql', '2_two.sql']))).rejects.toThrow('same width');
    await expect(readMigrations(await folderOf(['9_nine.sql', '10_ten.sql']))).rejects.toThrow('same width');
    expect((await readMigrations(await folderOf(['0010_ten.sql', '0009_nine.sql']))).map((m) => m.name)).toEqual(['0009_nine', '0010_ten']);
  });

  it('reads a folder migration from its migration.sql, in its place among the files', async () => {
    const dir = await folderOf(['0001_first.sql', '0003_third.sql']);
    await fs.mkdir(path.join(dir, '0002_second'));
    await fs.writeFile(path.join(dir, '0002_second', 'migration.sql'), 'select 2;');
    expect(await readMigrations(dir)).toEqual([
      { name: '0001_first', file: path.join(dir, '0001_first.sql'), sql: 'select 1;' },
      { name: '0002_second', file: path.join(dir, '0002_second', 'migration.sql'), sql: 'select 2;' },
      { name: '0003_third', file: path.join(dir, '0003_third.sql'), sql: 'select 1;' },
    ]);
  });

  it('refuses a migration folder without its migration.sql, as Netlify does', async () => {
    const { validateMigrations } = await netlifyValidation();
    expect(validateMigrations(['0002_second'], ['0001_first.sql'], new Set()).valid).toBe(false);
    const dir = await folderOf(['0001_first.sql']);
    await fs.mkdir(path.join(dir, '0002_second'));
    await expect(readMigrations(dir)).rejects.toThrow('Migration folder "0002_second" has no migration.sql: Netlify refuses the deploy');
  });

  it('refuses two files of one number, as Netlify does', async () => {
    const { validateMigrations } = await netlifyValidation();
    expect(validateMigrations([], ['0013_a.sql', '13_b.sql'], new Set()).valid).toBe(false);
    await expect(readMigrations(await folderOf(['0013_a.sql', '13_b.sql']))).rejects.toThrow('share the number 13');
  });
});
