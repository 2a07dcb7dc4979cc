import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database, UserRow } from '../db/schema.ts';
import { assertAcceptablePassword, PasswordRejected, SAME_PASSWORD_MESSAGE } from '../auth/password-policy.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { newAdminAddressProblem } from '../../schemas/auth.ts';
import { emailKey } from '../../schemas/fields.ts';

// Admin accounts. The username is the e-mail address (the sign-in field is of email type).

export function findUserByUsername(db: Kysely<Database>, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where((eb) => eb(eb.fn('lower', ['username']), '=', emailKey(username))).executeTakeFirst();
}

/** A new admin's username that is not an e-mail address within SMTP's limits (newAdminAddressProblem). */
export class AdminUsernameRejected extends Error {
  name = 'AdminUsernameRejected';
}

/**
 * A new admin; AdminUsernameRejected when the username is no e-mail address within SMTP's limits, PasswordRejected when
 * the password breaks a rule of src/server/auth/password-policy.ts, and an error naming the address
 * when an admin has it in any letter case (the table's own lower(username) index decides between
 * two racing creations).
 */
export async function createAdmin(db: Kysely<Database>, username: string, password: string): Promise<UserRow> {
  const address = username.trim();
  const problem = newAdminAddressProblem(address);
  if (problem) throw new AdminUsernameRejected(problem);
  await assertAcceptablePassword(password, address);
  const exists = () => new Error(`An admin ${address} already exists.`);
  if (await findUserByUsername(db, address)) throw exists();
  try {
    return await db
      .insertInto('users')
      .values({ username: address, email: address, password: await hashPassword(password) })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    throw isUniqueViolation(err) ? exists() : err;
  }
}

/** The user's password hash as stored (what a known-device cookie is issued under). */
export async function storedPasswordHash(db: Kysely<Database>, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('password').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.password;
}

/** Notes a successful sign-in's time on the account. */
export async function recordSignIn(db: Kysely<Database>, userId: number): Promise<void> {
  await db.updateTable('users').set({ lastLogin: new Date() }).where('id', '=', userId).execute();
}

/**
 * Sets a new password and ends every session the user had. PasswordRejected when it breaks a rule
 * of src/server/auth/password-policy.ts or is the password it would replace.
 */
export async function setPassword(db: Kysely<Database>, userId: number, password: string): Promise<{ id: number; sessionVersion: number; password: string }> {
  const current = await db.selectFrom('users').select(['username', 'password']).where('id', '=', userId).executeTakeFirstOrThrow();
  await assertAcceptablePassword(password, current.username);
  if (await verifyPassword(current.password, password)) throw new PasswordRejected(SAME_PASSWORD_MESSAGE);
  const hash = await hashPassword(password);
  // The new session version comes back from the write itself: the caller's renewed session needs
  // no second read that could fail after the password has changed, and the new hash comes back for the
  // known-device cookie re-issued under it.
  return db
    .updateTable('users')
    .set((eb) => ({ password: hash, sessionVersion: eb('sessionVersion', '+', 1), updatedAt: new Date() }))
    .where('id', '=', userId)
    .returning(['id', 'sessionVersion', 'password'])
    .executeTakeFirstOrThrow();
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const r = await db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}
