/**
 * Length limits every form that takes an address or a password shares, and the count and message
 * every limit is held to, free of zod so a form can use them before any schema has loaded.
 */

/** RFC 5321 caps an address at 254 characters. */
export const EMAIL_MAX_LENGTH = 254;

/** Room for any passphrase, and a bound on what one password check hashes. */
export const PASSWORD_MAX_LENGTH = 1024;

/**
 * A text's length in characters, as zod's length checks (and so every limit the server holds a
 * field to) count it: '📈' is one character and two UTF-16 units, so `.length` would call 1,500 of
 * them 3,000 characters, and four emoji an 8-character password. Every count the code makes
 * against a schema's limit counts this way.
 */
export const characterCount = (text: string) => [...text].length;

/** The message of every text past its limit, the server's and the forms' word for word. */
export const tooLong = (max: number) => `Must be ${max} characters or fewer`;

/**
 * What an admin form says beside a field whose text passes `limit` (counted as the server counts
 * it), or undefined within it. The admin's inputs carry no maxlength: it cuts a paste off at the
 * limit unseen, and the shortened text would be sent instead, a different title saved or a
 * different password signed in with and set. The text is kept whole and refused beside the field.
 */
export const limitIssue = (text: string, limit: number): string | undefined => (characterCount(text) > limit ? tooLong(limit) : undefined);

/**
 * The maxlength attribute of a form field the server holds to `limit` characters. The browser
 * counts maxlength in UTF-16 units, two for an emoji: a maxlength of the limit itself cut a message
 * of emoji at half the limit, with or without JavaScript. A character is at most two units, so
 * twice the limit never cuts text the server would take; text between the two is refused by the
 * form's check, or the server's (the field named, beside it, with what was typed kept), in the
 * same words. An address needs no such room: the schema takes ASCII addresses only.
 */
export const maxLengthAttribute = (limit: number) => 2 * limit;
