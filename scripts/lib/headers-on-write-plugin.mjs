// The write-time header filter of `npm start` (scripts/lib/http-server.mjs) in `npm run dev`, as a
// Vite plugin astro.config.mjs adds.
import { SECURITY_HEADERS, sendsHsts } from '../../src/server/http/security-headers.ts';
import { headersOnWrite } from './headers-on-write.mjs';

/**
 * `astro dev` answers with the headers `npm start` does, whichever of the pages, functions or
 * static files answers: a relayed answer without its upstream connection's hop-by-hop headers
 * (the Netlify plugin sets every header of a function's Response), and Strict-Transport-Security
 * at host names only, never at localhost, a *.localhost or an address (sendsHsts). The dev server
 * reads no forwarded headers, so the Host header names the host; a Host it cannot read gets none.
 *
 * And every answer carries the security headers, each one it does not set itself: pages get them
 * from src/middleware.ts and functions from their own answers, but astro dev writes its own
 * answers (its 404 to a trailing slash, its route guard's, its origin check's 403) past both, where
 * the built site's answers get them at the function's entry (src/server/pages/on-demand-function.ts).
 * @returns {import('vite').Plugin}
 */
export function headersOnWritePlugin() {
  return {
    name: 'headers-on-write',
    apply: 'serve',
    configureServer(server) {
      // On the HTTP server's requests, ahead of every middleware: Astro puts its own (the
      // trailing-slash answer, its route guard) at the front of Vite's stack after this hook runs.
      server.httpServer?.prependListener('request', (req, res) => {
        const url = URL.parse(`http://${req.headers.host ?? ''}`);
        headersOnWrite(res, () => url !== null && url.pathname === '/' && !url.username && !url.password && sendsHsts(url));
        // Set before the filter runs (it wrapped writeHead first), so the filter still drops HSTS
        // where it may not be sent; a header writeHead is given overrides one set here.
        const writeHead = res.writeHead;
        res.writeHead = function (...args) {
          for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!this.hasHeader(name)) this.setHeader(name, value);
          return writeHead.apply(this, args);
        };
      });
    },
  };
}
