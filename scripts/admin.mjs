// `npm run admin -- create --username U` / `reset-password --username U` / `unlock --username U`
// The username is the admin's e-mail address, the name the sign-in form, the API and the users
// table call it by. The password comes from ADMIN_PASSWORD or a hidden prompt.
import { parseArgs } from 'node:util';
import { isAdminAddress, MIN_PASSWORD_LENGTH, notAnAdminAddress } from '../src/schemas/auth.ts';
import { PASSWORD_MAX_LENGTH } from '../src/schemas/text-limits.ts';
import { unlockAccount } from '../src/server/auth/login-throttle.ts';
import { findUserByUsername, createAdmin, setPassword } from '../src/server/repositories/users.ts';
import { AdminNamedTwice, adminUsername } from './lib/admin-username.mjs';
import { withCommandDatabase } from './lib/prepare-database.mjs';
import { readHiddenLine } from './lib/hidden-prompt.mjs';
import { localEnv } from './lib/runtime-env.mjs';

const USAGE = `Usage:
  npm run admin -- create --username you@example.com
  npm run admin -- reset-password --username you@example.com
  npm run admin -- unlock --username you@example.com
The username is the admin's email address, as typed at sign-in.
The password is read from ADMIN_PASSWORD, or asked for (hidden) when it is not set: at least
${MIN_PASSWORD_LENGTH} and at most ${PASSWORD_MAX_LENGTH} characters, not a common or breached password, and for
reset-password not the current one.
unlock ends the sign-in lock of an account that failed too often (from every address).`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { username: { type: 'string' }, email: { type: 'string' }, help: { type: 'boolean' } },
});
const [command] = positionals;
// --email is the name --username had before it took the sign-in form's: read with it by the rule
// the first admin of a start-up follows too (ADMIN_USERNAME and ADMIN_EMAIL).
let username;
try {
  username = adminUsername({ username: values.username, email: values.email }, { username: '--username', email: '--email' });
} catch (err) {
  if (!(err instanceof AdminNamedTwice)) throw err;
  console.error(err.message);
  process.exit(2);
}
if (values.help || !['create', 'reset-password', 'unlock'].includes(command ?? '') || !username) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 2);
}
if (!isAdminAddress(username)) {
  console.error(notAnAdminAddress(username));
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
const failed = (err) => console.error(err instanceof Error ? err.message : err);
await withCommandDatabase({ dataDir, failed }, async (db) => {
  if (command === 'unlock') {
    if (!(await findUserByUsername(db, username))) throw new Error(`No admin ${username}.`);
    const cleared = await unlockAccount(db, username);
    console.log(cleared ? `Unlocked ${username}: it can sign in again from every address.` : `${username} has no failed sign-ins on record: nothing to unlock.`);
  } else if (command === 'create') {
    const password = await askPassword();
    await createAdmin(db, username, password);
    console.log(`Created admin ${username}.`);
  } else {
    const user = await findUserByUsername(db, username);
    if (!user) throw new Error(`No admin ${username}. Create one with: npm run admin -- create --username ${username}`);
    await setPassword(db, user.id, await askPassword());
    console.log(`Password reset for ${username}; every earlier session of that admin has ended.`);
  }
});
// Done: exit without waiting for a database peer to finish closing its socket (an embedded PGlite
// served to other processes can hold it open after the pool has ended).
process.exit();
