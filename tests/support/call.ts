import type { RequestContext } from '../../src/server/http/request-context.ts';

type Handler = (req: Request, ctx: RequestContext) => Promise<Response> | Response;

export const ORIGIN = 'http://localhost:4321';

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** A raw body, sent as is (for malformed JSON and other content types). */
  rawBody?: BodyInit;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  ip?: string;
  /** The platform's waitUntil: the work the handler leaves running after its answer (the after-response sender). */
  waitUntil?: (promise: Promise<unknown>) => void;
}

/** Calls a Netlify function's default export with a real Request, as the platform does. */
export async function call(handler: Handler, path: string, o: CallOptions = {}) {
  const headers: Record<string, string> = { ...o.headers };
  let body: BodyInit | undefined = o.rawBody;
  if (o.body !== undefined) {
    body = JSON.stringify(o.body);
    headers['content-type'] ??= 'application/json';
  }
  const req = new Request(new URL(path, ORIGIN), { method: o.method ?? (body ? 'POST' : 'GET'), headers, body });
  const res = await handler(req, { params: o.params ?? {}, ip: o.ip ?? '198.51.100.7', waitUntil: o.waitUntil });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text, res };
}
