/**
 * Field schemas shared by the enquiry and newsletter schemas, composed per form.
 * Imports zod only: both browser islands and server functions import this.
 *
 * Written with zod/mini (same Zod 4 core, tree-shakable functions instead of
 * methods): the forms ship these schemas to the browser, and classic zod adds
 * ~20 KB gzip to a page whose JavaScript budget is 80 KB. Server code calls
 * them the same way: `enquirySchema.safeParse(body)`, `z.infer<typeof ...>`.
 */
import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH, tooLong } from './text-limits.ts';

// No page's Content Security Policy allows 'unsafe-eval': zod must neither compile parsers with
// `new Function` nor try to (a caught try is still a reported violation). Set here, once: every
// schema module imports this one, so it runs before any schema is built (zod decides per object
// schema, as it is built); classic zod and zod/mini share the setting.
z.config({ jitless: true });

/** The message of every missing required field, word for word. */
export const REQUIRED = 'Required';

/**
 * A text field's type error: what it expected and what it received (a number, a list), in the
 * words classic zod uses for the server's other type errors.
 */
const expectedText = (input: unknown) =>
  `Invalid input: expected string, received ${input === null ? 'null' : Array.isArray(input) ? 'array' : typeof input}`;

/** An optional text field's type error (absent is allowed; anything but text names its type). */
const TEXT = { error: (issue: z.core.$ZodRawIssue) => expectedText(issue.input) };

/**
 * A required text field's type error: 'Required' when it is missing (absent or null), and its
 * type otherwise: a value that was sent is not called missing.
 */
const REQUIRED_TEXT = {
  error: (issue: z.core.$ZodRawIssue) => (issue.input === undefined || issue.input === null ? REQUIRED : expectedText(issue.input)),
};

export const INVALID_CHARACTERS = 'Contains a character that is not allowed (U+0000 or an unpaired surrogate)';

// U+0000, or a UTF-16 surrogate without its partner. Postgres text cannot hold U+0000 (the
// statement fails), and a lone surrogate is not Unicode at all (UTF-8 encoding silently turns it
// into U+FFFD). No `u` flag and no look-behind, so it runs in every browser the forms support.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True for text Postgres can store as it was typed. */
export const isStorableText = (text: string) => !UNSTORABLE.test(text);

/**
 * The check every text field runs before its other rules: text that cannot be stored as typed is
 * refused with a 400 naming the field, before any SQL sees it.
 */
export const storableText = z.refine<string>(isStorableText, INVALID_CHARACTERS);

export const ONE_LINE = 'Must be on one line';

// Every character Unicode breaks a line at: CR, LF, NEL, the line and paragraph separators, and
// the vertical tab and form feed (U+000B is the line break Word and PowerPoint put in with
// Shift+Enter, so a name pasted from them carries it).
const LINE_BREAK = /[\r\n\u000B\u000C\u0085\u2028\u2029]/;

/**
 * The check of a one-line field (a name, a phone number, a title): its input cannot hold a line
 * break, and one sent by other means would pass for a line of its own in an e-mail notice, a
 * CSV export or a page heading.
 */
export const isSingleLine = (text: string) => !LINE_BREAK.test(text);
const singleLine = z.refine<string>(isSingleLine, ONE_LINE);

const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

// The C0 and C1 control characters and DEL, but for U+0000 (refused: storableText), the tab and the
// line breaks (LINE_BREAK): a bell, a backspace, an escape. None has a glyph or was typed by anyone,
// and an escape starts a terminal's control sequence when the CSV export is read in one.
const CONTROL_CHARACTERS = /[\u0001-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F]/g;

/**
 * The first step of every text field: control characters and characters that reorder the text
 * after them are dropped; its tabs and line breaks stay. In a name, a message or an article's text,
 * 'U+202E gnp.exe' would show as 'exe.png' in the inbox, the CSV, the notice and the page. Dropped
 * rather than refused: phone numbers copied from messaging apps carry them around the digits,
 * invisible to the person who would be asked to remove them; typed text never needs one (the
 * browser orders mixed scripts itself).
 */
const dropControls = (text: string) => text.replace(DIRECTION_CONTROLS, '').replace(CONTROL_CHARACTERS, '');
export const withoutControls = z.overwrite(dropControls);

/** The first step of a one-line field: as any text's, and a tab (the edge of a spreadsheet cell pasted) is a space. */
export const plainLine = z.overwrite((text: string) => dropControls(text).replace(/\t/g, ' '));

// Nothing but white space and characters with no glyph of their own (Unicode's default-ignorable
// code points: zero-width spaces and joiners, word joiners, soft hyphens, fillers, variation
// selectors, the byte-order mark).
const NOTHING_VISIBLE = /^[\s\p{Default_Ignorable_Code_Point}]*$/u;

/**
 * The step after trimming: text with nothing a reader can see is empty. A browser's `required`
 * takes a lone zero-width space as typed, and the inbox, the notice and the CSV would show an
 * enquiry from no one; so a required field says 'Required' and an optional one stores no value.
 * Beside visible text they stay as typed: an emoji sequence and a Persian word need their joiners.
 */
export const blankIfInvisible = z.overwrite((text: string) => (NOTHING_VISIBLE.test(text) ? '' : text));

/** A required, trimmed text field with an upper bound; line breaks allowed (a message). */
export const requiredText = (max: number) =>
  z.string(REQUIRED_TEXT).check(withoutControls, z.trim(), blankIfInvisible, storableText, z.minLength(1, REQUIRED), z.maxLength(max, tooLong(max)));

/** A required, trimmed one-line text field with an upper bound. */
export const requiredLine = (max: number) =>
  z.string(REQUIRED_TEXT).check(plainLine, z.trim(), blankIfInvisible, storableText, singleLine, z.minLength(1, REQUIRED), z.maxLength(max, tooLong(max)));

/** An optional, trimmed text field with an upper bound (a search). */
export const optionalText = (max: number) => z.optional(z.string(TEXT).check(withoutControls, z.trim(), blankIfInvisible, storableText, z.maxLength(max, tooLong(max))));

/**
 * A trimmed one-line text with an upper bound, empty when nothing in it is visible: what an
 * optional one-line field holds, and each item of a list of them (an article's tags).
 */
export const oneLine = (max: number, ...checks: (z.core.CheckFn<string> | z.core.$ZodCheck<string>)[]) =>
  z.string(TEXT).check(plainLine, z.trim(), blankIfInvisible, storableText, singleLine, z.maxLength(max, tooLong(max)), ...checks);

/** An optional, trimmed one-line text field with an upper bound, and any further checks of its own. */
export const optionalLine = (max: number, ...checks: (z.core.CheckFn<string> | z.core.$ZodCheck<string>)[]) => z.optional(oneLine(max, ...checks));

/**
 * Within SMTP's limits (RFC 5321 4.5.3.1): a local part of at most 64 octets and DNS labels of at
 * most 63 (zod's pattern checks neither). A label past 63 names no host; a longer local part may be
 * refused by the recipient's server, and then the welcome fails and the notice's Reply-To answers no one.
 */
export const fitsSmtpLimits = (address: string) => {
  const at = address.lastIndexOf('@');
  return at <= 64 && address.slice(at + 1).split('.').every((label) => label.length <= 63);
};

const emailText = z.string(REQUIRED_TEXT).check(z.trim(), storableText, z.minLength(1, REQUIRED), z.maxLength(EMAIL_MAX_LENGTH, tooLong(EMAIL_MAX_LENGTH)));

/**
 * An address as one is read back: an unsubscribe link's, the outbox's recipient. Taken as zod's
 * pattern takes it, so an address stored before a stricter rule still unsubscribes and is still sent to.
 */
export const emailField = z.pipe(emailText, z.email('Invalid email'));

/**
 * What two e-mail addresses are compared by: the same address in any letter case or with spaces around
 * it is one subscriber, one admin, one unsubscribe link. The tables compare `lower(email)` to it.
 */
export const emailKey = (address: string) => address.trim().toLowerCase();

/** An address given anew (an enquiry's, a sign-up's): within SMTP's limits too. */
export const newEmailField = z.pipe(emailText, z.email('Invalid email').check(z.refine(fitsSmtpLimits, 'Invalid email')));

/**
 * Honeypot: a visually hidden input people never fill in. Anything in it marks
 * the submission as automated; the server then answers as if it stored it and
 * keeps nothing, so the schema accepts any (bounded) value rather than telling
 * a bot which field gave it away.
 */
export const honeypotField = z.optional(z.string(TEXT).check(z.maxLength(500, tooLong(500))));

/**
 * The first message per field of a failed parse, keyed by field name: the shape of
 * `issues` in a 400 answer ({"error":"Invalid request","issues":{"email":"Invalid email"}})
 * and of the inline messages the forms show.
 */
export function fieldIssues(error: z.core.$ZodError): Record<string, string> {
  const issues: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_form';
    if (!(key in issues)) issues[key] = issue.message;
  }
  return issues;
}
