/**
 * Plain HTML form posts: the enquiry and newsletter forms work before their islands hydrate and
 * with JavaScript off, posting `application/x-www-form-urlencoded` to the same functions the
 * islands call with JSON. The same schema, Origin check, honeypot and rate limit apply; only the
 * answer differs, since a browser shows it as a page, and goes back to the page the form was
 * posted from: the path and query its action names (`?return=`, permalinks.ts formAction), so a
 * visitor on page 2 of a category stays there. Only the form's own page is honoured (any other
 * path, another origin, a missing or unreadable value: the bare form page), so the return value
 * is never an open redirect, and a 307 never re-posts to a page that does not read the form.
 *   - accepted: 303 See Other to that page at the form's sent fragment (Post/Redirect/Get, so a
 *     reload does not post again), whose target the page shows: the same cached copy every
 *     visitor gets, with the outcome hidden until the fragment names it;
 *   - refused, or failed (the database unavailable: 503; anything unexpected: 500): 307 Temporary
 *     Redirect back to that page, which keeps the method and body, so the page (rendered on
 *     demand) shows the form again with what was typed and why it was not taken, never an API's
 *     JSON. The refusal travels in the query after the page's own (messages only, never what was
 *     typed), and the page reads it from a POST only: a link cannot make the page show a message.
 *     No #fragment: a page opened at one never autofocuses (HTML's autofocus steps stop at a
 *     target element), and the form sent back focuses, and so scrolls to, the field to correct or
 *     the reason itself.
 */
import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { fieldIssues } from '../../schemas/fields.ts';
import type { ReturnedForm } from '../../schemas/returned-form.ts';
import { assertUtf8Charset, DEFAULT_BODY_LIMIT, firstValues, mediaType, readBodyBytes, readJson, tooLargeMessage, unescapedBytes, utf8Text } from './body.ts';
import { answerableError, badRequest, unsupportedMediaType } from './errors.ts';
import { requestLabel, type RouteHandler } from './handler.ts';
import { isCrossSite } from './request-context.ts';
import { API_SECURITY_HEADERS } from './security-headers.ts';
import { FORM_RETURN_PARAM, pathWithQuery } from '../../lib/permalinks.ts';

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** A post from a plain HTML form (no JavaScript between the form and the server). */
export function isFormPost(req: Request): boolean {
  return mediaType(req) === FORM_TYPE;
}

/**
 * The most a plain form post may carry, more than a JSON body's DEFAULT_BODY_LIMIT: form encoding
 * writes a character of three UTF-8 bytes ('漢') as nine ('%E6%BC%A2'), and the enquiry form's
 * fields at their maxlength (twice each field's limit, text-limits.ts maxLengthAttribute) hold
 * 10,880 UTF-16 units: 98 KB, and the address and the link's context (200 characters each at
 * most) stay within the rest. Within this a refused form is read whole, so the page
 * it is sent back to shows everything typed (past the limit it came back empty, under a 413).
 */
const FORM_POST_BODY_LIMIT = 128 * 1024;

/** A form body's fields, the first value of each name; bytes that are not UTF-8 read as U+FFFD. */
const formFields = (bytes: Uint8Array) => firstValues(new URLSearchParams(new TextDecoder().decode(bytes)));

/**
 * A submitted form body's fields, refused (400) when its bytes, or the bytes its %XX escapes
 * name, are not UTF-8: URLSearchParams, like a lenient decoder, turns them into U+FFFD, and the
 * enquiry would be stored with text its sender never wrote.
 */
function utf8FormFields(bytes: Uint8Array): Record<string, string> {
  const text = utf8Text(bytes);
  utf8Text(unescapedBytes(text));
  return firstValues(new URLSearchParams(text));
}

/**
 * Reads a submission sent as JSON (the islands) or as a plain form post, validated by `schema`:
 * 415 for another content type or a charset other than UTF-8, 413 past the limit (a form post's is
 * FORM_POST_BODY_LIMIT), 400 for a body that is not UTF-8 and naming the fields the schema refuses.
 */
export async function readSubmission<S extends $ZodType>(
  req: Request,
  schema: S,
  { maxBytes = DEFAULT_BODY_LIMIT }: { maxBytes?: number } = {},
): Promise<output<S>> {
  if (!isFormPost(req)) {
    // A submission comes as JSON (the islands) or as a form post (the page before or without its
    // script): a body of another type is told both.
    if (mediaType(req) !== 'application/json') throw unsupportedMediaType(`Content-Type must be application/json or ${FORM_TYPE}`);
    return readJson(req, schema, { maxBytes });
  }
  assertUtf8Charset(req);
  const formMaxBytes = Math.max(maxBytes, FORM_POST_BODY_LIMIT);
  const bytes = await readBodyBytes(req, formMaxBytes, tooLargeMessage(formMaxBytes));
  const result = safeParse(schema, utf8FormFields(bytes));
  if (!result.success) throw badRequest('Invalid request', fieldIssues(result.error));
  return result.data;
}

/** Query names of a refusal sent back to the form's page. */
const STATUS = 'status';
const ERROR = 'error';
const ISSUE = 'issue.';
const isRefusalName = (name: string) => name === STATUS || name === ERROR || name.startsWith(ISSUE);

/**
 * An origin no request comes from: a return value read against it keeps it only when the value is
 * a path, never when it names a host of its own ('//evil.example', 'https://evil.example/').
 */
const NO_ORIGIN = 'http://return.invalid';

/**
 * The page a plain post goes back to: the return value's path and query when its path is `form`
 * on this site, else `form` itself. A refusal's own parameters in it (a form posted from a page a
 * refusal was sent back to) are dropped, so they never stand before the new refusal's.
 */
function returnPath(req: Request, form: string): string {
  const value = new URL(req.url).searchParams.get(FORM_RETURN_PARAM);
  if (value === null || !URL.canParse(value, NO_ORIGIN)) return form;
  const back = new URL(value, NO_ORIGIN);
  if (back.origin !== NO_ORIGIN || back.pathname !== form) return form;
  return pathWithQuery(back, (name) => !isRefusalName(name));
}

/**
 * Gives a POST handler its plain-form answers: for a form post, success becomes 303 to the page it
 * was posted from (`form`, or its return value) at `#sent`, and any failure (400 with issues, 409,
 * 413, 429, 503, 500) becomes 307 back to that page. JSON posts are answered by the handler itself,
 * unchanged.
 */
export function withFormPosts({ form, sent }: { form: string; sent: string }, handler: RouteHandler): RouteHandler {
  return async (req, ctx) => {
    if (!isFormPost(req)) return handler(req, ctx);
    const back = returnPath(req, form);
    try {
      const response = await handler(req, ctx);
      await response.body?.cancel();
      return redirect(303, `${back}#${sent}`);
    } catch (err) {
      const refusal = answerableError(err, requestLabel(req));
      const query = new URLSearchParams({ [STATUS]: String(refusal.status), [ERROR]: refusal.message });
      for (const [field, message] of Object.entries(refusal.issues ?? {})) query.set(`${ISSUE}${field}`, message);
      return redirect(307, `${back}${back.includes('?') ? '&' : '?'}${query}`, refusal.headers);
    }
  };
}

function redirect(status: 303 | 307, location: string, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers: { ...API_SECURITY_HEADERS, ...headers, Location: location, 'Cache-Control': 'no-store' } });
}

/**
 * The refused form post a page was sent back (307) with, or undefined for any other request: a
 * GET, a POST that is not a plain form, or one another site's form made (a 307 from this site's
 * function keeps this site's Origin; a browser always sends Origin with a form post). The body is
 * read within the same limit as the function's (FORM_POST_BODY_LIMIT), and leniently: a form
 * refused for bytes that are not UTF-8 comes back to be corrected with U+FFFD in their place,
 * shown, never stored.
 */
export async function returnedForm(req: Request): Promise<ReturnedForm | undefined> {
  if (req.method !== 'POST' || !isFormPost(req)) return undefined;
  if (req.headers.get('origin') === null || isCrossSite(req)) return undefined;
  const query = new URL(req.url).searchParams;
  const status = Number(query.get(STATUS));
  if (!Number.isInteger(status) || status < 400 || status > 599) return undefined;
  const issues: Record<string, string> = {};
  for (const [name, message] of query) if (name.startsWith(ISSUE)) issues[name.slice(ISSUE.length)] = message;
  let values: Record<string, string> = {};
  try {
    values = formFields(await readBodyBytes(req, FORM_POST_BODY_LIMIT, tooLargeMessage(FORM_POST_BODY_LIMIT)));
  } catch {
    // Past the limit (the 413 being reported): the form comes back empty.
  }
  return { status, error: query.get(ERROR) ?? 'Invalid request', issues, values };
}
