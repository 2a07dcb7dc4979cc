import { z } from 'zod';
import { fitsSmtpLimits, storableText } from './fields.ts';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, tooLong } from './text-limits.ts';

// The sign-in, reset-request and change-password bodies, validated by the auth functions; their
// messages are the ones the admin panel shows word for word. The panel itself imports only the
// password length.

export const MIN_PASSWORD_LENGTH = 8;

const NEW_PASSWORD_TOO_SHORT = `New password must be at least ${MIN_PASSWORD_LENGTH} characters`;

// A schema's own `error` is zod's message for every issue of that field without one of its own,
// so each limit names itself: a value too long is never answered as missing or too short.
const EMAIL_TOO_LONG = tooLong(EMAIL_MAX_LENGTH);
const PASSWORD_TOO_LONG = tooLong(PASSWORD_MAX_LENGTH);

/**
 * A new password's length, and the words it is refused in, wherever one is set: the Change
 * Password dialog (its too-long message is limitIssue's, the same tooLong), that API's 400,
 * `npm run admin` and the first admin at start (src/server/auth/password-policy.ts runs this
 * field before its own list of common passwords).
 */
export const newPasswordField = z
  .string({ error: NEW_PASSWORD_TOO_SHORT })
  .check(storableText)
  .min(MIN_PASSWORD_LENGTH, NEW_PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG);

/**
 * An admin's username is their e-mail address, as the sign-in form (an email field) and the reset
 * request (this file's requestResetSchema) take it: an account named otherwise could never sign in
 * or ask for a reset. `npm run admin`, the first admin of a start-up and createAdmin hold to it.
 */
const adminAddress = z.email({ error: 'Valid email is required' }).check(storableText).max(EMAIL_MAX_LENGTH, EMAIL_TOO_LONG);
export const isAdminAddress = (username: string) => adminAddress.safeParse(username).success;

/** The words a username that is no e-mail address is refused in, by the command and a start-up alike. */
export const notAnAdminAddress = (username: string) => `The username "${username}" is not an email address: an admin signs in with their email address.`;

/**
 * Why a new admin may not be named `username`, or undefined when it may: an e-mail address within
 * SMTP's limits too, since a reset link is sent to it. An admin named before that rule still signs
 * in and asks for a reset by the shape alone (isAdminAddress).
 */
export function newAdminAddressProblem(username: string): string | undefined {
  if (!isAdminAddress(username)) return notAnAdminAddress(username);
  if (!fitsSmtpLimits(username)) return `The username "${username}" is past e-mail's limits (at most 64 characters before the @ and 63 in each part of the domain): a reset link sent to it could never arrive.`;
  return undefined;
}

export const loginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().check(storableText).min(1, 'Username is required').max(EMAIL_MAX_LENGTH, EMAIL_TOO_LONG),
  password: z.string({ error: 'Password is required' }).check(storableText).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
});

export const requestResetSchema = z.object({
  email: adminAddress,
});

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).check(storableText).min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
  newPassword: newPasswordField,
});
