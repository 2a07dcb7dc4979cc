// `npm run admin -- create --email E` / `reset-password --email E` / `unlock --email E`
// The password comes from ADMIN_PASSWORD or a hidden prompt.
import { parseArgs } from 'node:util';
import { createDb } from '../src/server/db/client.ts';
import { unlockAccount } from '../src/server/auth/login-throttle.ts';
import { findUserByUsername, createAdmin, setPassword } from '../src/server/repositories/users.ts';
import { startDatabase } from './lib/database-env.mjs';
import { prepareDatabase } from './lib/prepare-database.mjs';
import { readHiddenLine } from './lib/hidden-prompt.mjs';
import { localEnv } from './lib/runtime-env.mjs';

const USAGE = `Usage:
  npm run admin -- create --email you@example.com
  npm run admin -- reset-password --email you@example.com
  npm run admin -- unlock --email you@example.com
The password is read from ADMIN_PASSWORD, or asked for (hidden) when it is not set: at least 8
characters, not a common or breached password, and for reset-password not the current one.
unlock ends the sign-in lock of an account that failed too often (from every address).`;

const { positionals, values } = parseArgs({ allowPositionals: true, options: { email: { type: 'string' }, help: { type: 'boolean' } } });
const [command] = positionals;
if (values.help || !['create', 'reset-password', 'unlock'].includes(command ?? '') || !values.email) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 2);
}
const email = values.email.trim();
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error(`"${email}" is not an email address.`);
  process.exit(2);
}

async function askPassword() {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const first = await readHiddenLine('Password: ');
  const second = await readHiddenLine('Repeat password: ');
  if (first !== second) throw new Error('The passwords do not match.');
  return first;
}

const { dataDir } = localEnv();
// A database that cannot be started or reached says why in one line, as any other refusal here does.
const database = await startDatabase({ dataDir }).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
const { db } = createDb(database.databaseUrl, database.wsProxy);
try {
  // Prepared as `npm run db:migrate` prepares it: a Netlify Database (NETLIFY_DB_URL) is not
  // migrated, since Netlify applies its migrations and keeps its own record of them.
  await prepareDatabase({ databaseUrl: database.databaseUrl, wsProxy: database.wsProxy, migrate: !database.migratedByNetlify, log: () => {} });
  if (command === 'unlock') {
    if (!(await findUserByUsername(db, email))) throw new Error(`No admin ${email}.`);
    const cleared = await unlockAccount(db, email);
    console.log(cleared ? `Unlocked ${email}: it can sign in again from every address.` : `${email} has no failed sign-ins on record: nothing to unlock.`);
  } else if (command === 'create') {
    const password = await askPassword();
    await createAdmin(db, email, password);
    console.log(`Created admin ${email}.`);
  } else {
    const user = await findUserByUsername(db, email);
    if (!user) throw new Error(`No admin ${email}. Create one with: npm run admin -- create --email ${email}`);
    await setPassword(db, user.id, await askPassword());
    console.log(`Password reset for ${email}; every earlier session of that admin has ended.`);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await db.destroy();
  await database.stop();
}
// Done: exit without waiting for a database peer to finish closing its socket (an embedded PGlite
// served to other processes can hold it open after the pool has ended).
process.exit();
