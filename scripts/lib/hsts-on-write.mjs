// Strict-Transport-Security only where the host the browser used may be sent it (sendsHsts), for
// the local servers (http-server.mjs, and `npm run dev` through astro.config.mjs). It is removed
// from the Node response as its headers are written, not from the Fetch Response before: a
// fetched answer's headers cannot be changed, and a Response rebuilt to change them streams out
// without the Content-Length the original had (chunked).
import onHeaders from 'on-headers';

/**
 * Removes Strict-Transport-Security from `res` when its headers are written, unless `mayPin()`,
 * asked then, says the host may be sent it.
 * @param {import('node:http').ServerResponse} res
 * @param {() => boolean} mayPin
 */
export function hstsOnlyWhen(res, mayPin) {
  onHeaders(res, () => {
    if (!mayPin()) res.removeHeader('Strict-Transport-Security');
  });
}
