// The admin a command or a start-up is told about: by its current name (`--username`,
// ADMIN_USERNAME, the sign-in form's word for it) or its former one (`--email`, ADMIN_EMAIL), read
// here, once, for `npm run admin` and for the first admin of `npm start` / `npm run dev`.
import { emailKey } from '../../src/schemas/fields.ts';

/** Two different addresses given for the one admin: the caller stops rather than pick one. */
export class AdminNamedTwice extends Error {
  name = 'AdminNamedTwice';
}

/**
 * The admin's username from the pair of names, trimmed; undefined when neither is given. A blank
 * value (an empty flag, a .env line left empty) is not given. The former name is still taken, with
 * a notice through `warn`, so a script written against it keeps working while it is changed. Both
 * given: the same address, as a username is compared (trimmed, in any letter case, as sign-in and
 * the users table's lower(username) index compare it), is taken with the notice; two different
 * addresses throw AdminNamedTwice, the same words for a flag and a variable.
 * @param {{ username?: string, email?: string }} given the values under the current and the former name
 * @param {{ username: string, email: string }} names what the caller calls them (`--username`, ADMIN_USERNAME)
 * @param {(notice: string) => void} [warn]
 * @returns {string | undefined}
 */
export function adminUsername(given, names, warn = console.warn) {
  const username = given.username?.trim() || undefined;
  const email = given.email?.trim() || undefined;
  if (email === undefined) return username;
  if (username !== undefined && emailKey(username) !== emailKey(email)) {
    throw new AdminNamedTwice(`Give the admin once: ${names.username} (or the deprecated ${names.email}), not two different addresses.`);
  }
  warn(`${names.email} is deprecated: use ${names.username} (the same address).`);
  return username ?? email;
}
