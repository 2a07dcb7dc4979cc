// `npm run db:catalogue-seed`: writes the catalogue seed migration from src/content
// (src/server/db/catalogue-seed.ts). Run it after changing the content the seed takes; a test fails
// until the file and the content agree. It changes no database: a database that applied the file
// before keeps its catalogue, as edited in /admin.
import fs from 'node:fs';
import path from 'node:path';
import { CATALOGUE_SEED_MIGRATION, catalogueSeedSql } from '../src/server/db/catalogue-seed.ts';
import { MIGRATIONS_DIR } from '../src/server/db/migrate.ts';

const file = path.join(MIGRATIONS_DIR, `${CATALOGUE_SEED_MIGRATION}.sql`);
const text = catalogueSeedSql();
const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
if (before === text) {
  console.log(`${path.relative(process.cwd(), file)} already matches src/content.`);
} else {
  fs.writeFileSync(file, text);
  console.log(`Wrote ${path.relative(process.cwd(), file)} from src/content.`);
}
