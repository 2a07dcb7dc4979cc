/**
 * Length limits every form that takes an address or a password shares, free of zod so an input can
 * carry its maxLength before any schema has loaded.
 */

/** RFC 5321 caps an address at 254 characters. */
export const EMAIL_MAX_LENGTH = 254;

/** Room for any passphrase, and a bound on what one password check hashes. */
export const PASSWORD_MAX_LENGTH = 1024;
