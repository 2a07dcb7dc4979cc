/**
 * Length limits every form that takes an address or a password shares, free of zod so an input can
 * carry its maxLength before any schema has loaded.
 */

/** RFC 5321 caps an address at 254 characters. */
export const EMAIL_MAX_LENGTH = 254;

/** Room for any passphrase, and a bound on what one password check hashes. */
export const PASSWORD_MAX_LENGTH = 1024;

/**
 * A text's length in characters, as zod's length checks (and so every limit the server holds a
 * field to) count it: '📈' is one character and two UTF-16 units, so `.length` would call 1,500 of
 * them 3,000 characters, and four emoji an 8-character password. Every count the code makes
 * against a schema's limit counts this way. (The public forms' maxlength attributes are counted by
 * the browser, in UTF-16 units: there an emoji counts twice, so a text is cut short of the limit,
 * never past it.)
 */
export const characterCount = (text: string) => [...text].length;
