import { defineMiddleware } from 'astro:middleware';
import { withSecurityHeaders } from './server/security-headers.ts';

// On-demand pages are answered by a function, which netlify.toml's [[headers]] do not cover.
export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  withSecurityHeaders(response.headers);
  return response;
});
