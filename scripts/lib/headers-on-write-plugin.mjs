// The write-time header filter of `npm start` (scripts/lib/http-server.mjs) in `npm run dev`, as a
// Vite plugin astro.config.mjs adds.
import { sendsHsts } from '../../src/server/http/security-headers.ts';
import { headersOnWrite } from './headers-on-write.mjs';

/**
 * `astro dev` answers with the headers `npm start` does, whichever of the pages, functions or
 * static files answers: a relayed answer without its upstream connection's hop-by-hop headers
 * (the Netlify plugin sets every header of a function's Response), and Strict-Transport-Security
 * at host names only, never at localhost, a *.localhost or an address (sendsHsts). The dev server
 * reads no forwarded headers, so the Host header names the host; a Host it cannot read gets none.
 * @returns {import('vite').Plugin}
 */
export function headersOnWritePlugin() {
  return {
    name: 'headers-on-write',
    apply: 'serve',
    enforce: 'pre', // before Netlify's plugin, whose middleware answers functions and static files
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = URL.parse(`http://${req.headers.host ?? ''}`);
        headersOnWrite(res, () => url !== null && url.pathname === '/' && !url.username && !url.password && sendsHsts(url));
        next();
      });
    },
  };
}
