// `npm run db:copy -- --from <connection string> --to <connection string> [--replace]`: copies every
// site table of one database into another (src/server/db/copy-database.ts), as a site on the
// deprecated Netlify DB extension moves its data into Netlify Database (README, "Database").
// Exit codes: 0 copied (or --help), 1 refused or failed (the target is as it was), 2 usage.
import { parseArgs } from 'node:util';
import { createDb } from '../src/server/db/client.ts';
import { copyDatabase, CopyRefused } from '../src/server/db/copy-database.ts';
import { isLoopbackDatabase, isNeonHost } from '../src/server/db/database-url.ts';
import { startDatabase } from './lib/database-env.mjs';

const USAGE = `Usage:
  npm run db:copy -- --from postgres://... --to postgres://... [--replace]
Copies every site table (enquiries, subscribers, articles, admins, outbox, the catalogue...) of the
--from database into the --to database, in one transaction: all of it or, on any failure, nothing.
Both must have the same site tables and columns (deploy or migrate the one behind first).
The target's site tables are replaced. It is refused when the target already holds what visitors
or admins wrote (the catalogue's seeded rows alone do not count); --replace copies anyway,
deleting those rows. The source is only read.
Both are reached as the site reaches its database: a hosted one (Neon, Netlify Database) directly,
a PostgreSQL on this machine through a WebSocket bridge.`;

/** @type {ReturnType<typeof parseArgs>['values']} */
let values;
try {
  ({ values } = parseArgs({
    options: { from: { type: 'string' }, to: { type: 'string' }, replace: { type: 'boolean' }, help: { type: 'boolean' } },
  }));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  console.log(USAGE);
  process.exit(2);
}
if (values.help || !values.from || !values.to) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 2);
}

/**
 * The database a connection string names, for a person reading the output: user, host and
 * database, never the password (a terminal's scroll-back and a CI log are read by others).
 * @param {URL} url
 */
const describe = (url) => `${url.username ? `${decodeURIComponent(url.username)}@` : ''}${url.host}${url.pathname}`;

/** @param {string} flag @param {string} value */
function parseConnectionString(flag, value) {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url && (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '') return url;
  console.error(`db:copy: ${flag} is not a PostgreSQL connection string: write it as postgres://user:password@host/database.`);
  process.exit(2);
}

const from = parseConnectionString('--from', values.from);
const to = parseConnectionString('--to', values.to);
const address = (/** @type {URL} */ url) => `${url.hostname}:${url.port || 5432}${url.pathname}`;
if (address(from) === address(to)) {
  console.error(`db:copy refused: --from and --to name the same database (${describe(to)}).`);
  process.exit(1);
}
// Words of an error that could carry a password (a driver repeating what it was given) are masked.
const secrets = [from.password, to.password].filter((p) => p.length > 0).map((p) => decodeURIComponent(p));
const masked = (/** @type {unknown} */ err) => secrets.reduce((text, secret) => text.split(secret).join('***'), err instanceof Error ? err.message : String(err));

// Both databases are reached with the Neon driver, as the site reaches its own: a Neon host, and a
// Netlify Database whatever its host is called (it answers that driver), directly; a PostgreSQL on
// this machine (a copy tried out locally) through the WebSocket bridge startDatabase starts for it.
// The driver's proxy is one setting for the whole process, so both go one way, through one bridge.
const bridged = (/** @type {URL} */ url) => !process.env.DATABASE_WS_PROXY && !isNeonHost(url.toString()) && isLoopbackDatabase(url.toString());
if (bridged(from) !== bridged(to) || (bridged(from) && from.host !== to.host)) {
  console.error(
    `db:copy refused: ${describe(from)} and ${describe(to)} are reached differently (a PostgreSQL on this machine through a WebSocket bridge ` +
      'to its address, any other host directly), and one process takes one way. Copy between two hosted databases (Neon, Netlify Database), ' +
      'or two databases of one local server, or set DATABASE_WS_PROXY to a bridge that reaches both.',
  );
  process.exit(1);
}

console.log(`db:copy: from ${describe(from)} to ${describe(to)}${values.replace ? ' (--replace: the target\'s rows are deleted)' : ''}.`);
/** @type {Awaited<ReturnType<typeof startDatabase>> | undefined} */
let database;
/** @type {import('kysely').Kysely<any>[]} */
const handles = [];
try {
  if (bridged(from)) database = await startDatabase({ databaseUrl: from.toString() });
  const wsProxy = database?.wsProxy ?? process.env.DATABASE_WS_PROXY;
  const source = createDb(from.toString(), wsProxy).db;
  const target = createDb(to.toString(), wsProxy).db;
  handles.push(source, target);
  const result = await copyDatabase(source, target, { replace: values.replace });
  const width = Math.max(...result.rows.map((r) => r.table.length));
  for (const { table, rows } of result.rows) console.log(`  ${table.padEnd(width)}  ${String(rows).padStart(8)} ${rows === 1 ? 'row' : 'rows'}`);
  const total = result.rows.reduce((sum, r) => sum + r.rows, 0);
  console.log(`Copied ${total} rows in ${result.rows.length} tables, in one transaction. Sequences continue past the copied ids.`);
} catch (err) {
  if (err instanceof CopyRefused) console.error(`db:copy refused: ${masked(err)}`);
  else console.error(`db:copy failed, nothing was written to the target: ${masked(err)}`);
  process.exitCode = 1;
} finally {
  await Promise.all(handles.map((db) => db.destroy()));
  await database?.stop();
}
// Done: exit without waiting for a database peer to finish closing its socket.
process.exit();
