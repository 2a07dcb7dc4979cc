import { withRequestDatabase } from '../db/client.ts';
import { parseRowId } from '../db/row-id.ts';
import { answerableError, notFound, type ErrorDetail } from './errors.ts';
import { errorJson } from './respond.ts';
import { isCrossSite, type RequestContext } from './request-context.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteHandler = (req: Request, ctx: RequestContext) => Promise<Response> | Response;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RouteOptions {
  /**
   * Headers every error answer carries, e.g. a cached function's `Netlify-Vary` with no-store: the
   * CDN keeps the key instructions of the first answer of a URL it sees, a failure included.
   */
  errorHeaders?: Readonly<Record<string, string>>;
  /**
   * Every state change the function makes is authorised by a signed token in its URL, never by a
   * cookie, so a cross-site request can only come from someone the token was given to (a mail
   * provider's one-click unsubscribe posts from its own pages or servers, with their Origin or an
   * opaque one): the Origin check does not apply.
   */
  authorisedByUrlToken?: boolean;
  /**
   * For a function at a list's path and its items' (`/api/articles`, `/api/articles/:id`, told
   * apart by the `id` parameter): the methods each path takes. Any other is a 405 with that path's
   * Allow: a POST to an article's address created a new article, and a PUT or DELETE to the list's
   * was a 404, as if the list did not exist.
   */
  paths?: { list: readonly Method[]; item: readonly Method[] };
}

/** The Allow header of a path taking `methods` (HEAD wherever GET is). */
const allowOf = (methods: readonly string[]) => [...methods, ...(methods.includes('GET') ? ['HEAD'] : [])].join(', ');

/**
 * Wraps the per-method handlers of one function: HEAD answered by GET's handler (the platform sends
 * no body), 405 for other methods, the Origin check, the request's database connections (opened on
 * its first query, given back when the answer is done, a streamed one included:
 * src/server/db/client.ts), and every failure to its answer through answerableError (errors.ts).
 * Nothing a handler throws escapes.
 */
export function route(handlers: Partial<Record<Method, RouteHandler>>, { errorHeaders = {}, authorisedByUrlToken = false, paths }: RouteOptions = {}) {
  const everyMethod = Object.keys(handlers) as Method[];
  // Every error this function answers carries errorHeaders.
  const errorAnswer = (status: number, message: string, issues?: Record<string, string>, headers?: Record<string, string>, detail?: ErrorDetail) =>
    errorJson(status, message, issues, { ...errorHeaders, ...headers }, detail);
  return async (req: Request, context: RequestContext): Promise<Response> => {
    const method = req.method.toUpperCase();
    const methods: readonly string[] = paths ? (context?.params?.id !== undefined ? paths.item : paths.list) : everyMethod;
    const asked = method === 'HEAD' ? 'GET' : method;
    const handle = methods.includes(asked) && Object.hasOwn(handlers, asked) ? handlers[asked as Method] : undefined;
    if (!handle) return errorAnswer(405, `Method ${req.method} not allowed`, undefined, { Allow: allowOf(methods) });
    if (STATE_CHANGING.has(method as Method) && !authorisedByUrlToken && isCrossSite(req)) {
      return errorAnswer(403, 'Cross-site request refused');
    }
    try {
      return await withRequestDatabase(async () =>
        handle(req, {
          params: context?.params ?? {},
          ...(context?.ip ? { ip: context.ip } : {}),
          ...(context?.waitUntil ? { waitUntil: context.waitUntil.bind(context) } : {}),
        }),
      );
    } catch (err) {
      const { status, message, issues, headers, detail } = answerableError(err, requestLabel(req));
      return errorAnswer(status, message, issues, headers, detail);
    }
  };
}

/** Names a request in the log: 'POST /api/contacts'. */
export const requestLabel = (req: Request) => `${req.method} ${new URL(req.url).pathname}`;

/** Parses a positive integer id from a path parameter; anything else is a 404 (no such resource). */
export function idParam(ctx: RequestContext, name = 'id'): number {
  const id = parseRowId(ctx.params[name]);
  if (id === null) throw notFound();
  return id;
}
