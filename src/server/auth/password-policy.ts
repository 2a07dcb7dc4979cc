import { newPasswordField } from '../../schemas/auth.ts';

// The rules a new admin password must meet, wherever it is set (the change-password dialog, the
// admin command line, the first admin at start): at least 8 characters and at most 1,024 (the
// most sign-in takes: a longer one could never be signed in with), not one of the passwords
// attackers try first, and not the password it replaces. Length and a blocklist rather than
// composition rules (a digit, a symbol): those push people to the same few patterns, which
// guessers try first. The length is the change-password schema's field, run here, so the command
// line refuses a password in the words the dialog and the API's 400 refuse it in.

export const COMMON_PASSWORD_MESSAGE = 'This password is on lists of common and breached passwords. Choose one that is harder to guess.';
export const SAME_PASSWORD_MESSAGE = 'The new password must be different from the current one';
export const USERNAME_PASSWORD_MESSAGE = 'The password must not be your username or the part of it before the @';

/** A new password that breaks a rule; its message says which, in words an admin can act on. */
export class PasswordRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PasswordRejected';
  }
}

let common: Promise<Set<string>> | undefined;

/**
 * The ~49,000 passwords most frequent in leaked-password corpora, as zxcvbn-ts ships them
 * (lower-case). Loaded on first use, so a function that never sets a password never parses them.
 */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return common;
}

/**
 * A password as a guesser's list would spell it: compatibility forms folded (fullwidth 'Ｐａｓｓ' is
 * 'Pass'), every space gone (' password', 'pass word' and 'password ' are 'password' to anyone
 * trying it) and in lower case. The list itself holds no spaces.
 */
const comparable = (text: string) => text.normalize('NFKC').replace(/\s+/gu, '').toLowerCase();

/** True when the password, in any letter case, padded or spaced out, is on the common-password list. */
async function isCommonPassword(password: string): Promise<boolean> {
  const common = await commonPasswords();
  return common.has(password.toLowerCase()) || common.has(comparable(password));
}

/** True when the password is the username, or its part before the @, told apart as isCommonPassword tells. */
function isUsername(password: string, username: string): boolean {
  const guess = comparable(password);
  const address = comparable(username);
  const at = address.lastIndexOf('@');
  const local = at > 0 ? address.slice(0, at) : '';
  return guess === address || (local !== '' && guess === local);
}

/**
 * Refuses a new password that newPasswordField refuses (too short, too long), that is common, or
 * that is the admin's own username (the first guess of anyone who knows it: it is the admin's
 * e-mail address) (PasswordRejected).
 */
export async function assertAcceptablePassword(password: string, username?: string): Promise<void> {
  const field = newPasswordField.safeParse(password);
  if (!field.success) throw new PasswordRejected(field.error.issues[0].message);
  // Counted as it is hashed (NFKC, passwords.ts) too: accents typed as separate marks compose, and a
  // password of eight such characters is four.
  const hashed = password.normalize('NFKC');
  const asHashed = hashed.length < password.length ? newPasswordField.safeParse(hashed) : field;
  if (!asHashed.success) throw new PasswordRejected(asHashed.error.issues[0].message);
  if (await isCommonPassword(password)) throw new PasswordRejected(COMMON_PASSWORD_MESSAGE);
  if (username !== undefined && isUsername(password, username)) throw new PasswordRejected(USERNAME_PASSWORD_MESSAGE);
}
