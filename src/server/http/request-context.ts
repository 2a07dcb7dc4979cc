/**
 * What handlers need from Netlify's Context. Netlify passes its full Context object; tests pass a
 * plain object with the same fields.
 */
export interface RequestContext {
  params: Record<string, string | undefined>;
  ip?: string;
}

/** The client address: Netlify's own value first, then the header its edge sets. */
export function clientAddress(req: Request, ctx: RequestContext): string {
  return ctx.ip || req.headers.get('x-nf-client-connection-ip') || 'unknown';
}
