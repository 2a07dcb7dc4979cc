// Node's http server to the Fetch-style handlers, in Netlify's order: functions at their
// config.path, then static files (the emulation, with netlify.toml's header rules), then the
// on-demand pages function for whatever nothing else claimed. Security headers are applied by the site itself
// (netlify.toml for static files through the emulation, middleware and the API wrapper for the rest).
import { Readable } from 'node:stream';

function toRequest(req, port) {
  const url = new URL(req.url ?? '/', `http://localhost:${port}`);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
    else if (v !== undefined) headers.set(k, v);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? Readable.toWeb(req) : undefined,
    duplex: 'half',
  });
}

async function send(res, response, method) {
  const headers = {};
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie') return;
    headers[key] = value;
  });
  const cookies = response.headers.getSetCookie?.() ?? [];
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, response.statusText || undefined, headers);
  if (!response.body || method === 'HEAD') {
    res.end();
    return;
  }
  for await (const chunk of response.body) res.write(chunk);
  res.end();
}

export function createNodeBridge({ functions, netlify, onDemand, port }) {
  return async (req, res) => {
    try {
      const ip = req.socket.remoteAddress ?? '127.0.0.1';
      const fn = functions.match(req.method ?? 'GET', new URL(req.url ?? '/', 'http://localhost').pathname);
      let response = fn ? await fn.handle(toRequest(req, port), { ip }) : undefined;
      response ??= (await netlify.handleAndIntrospectNodeRequest(req))?.response;
      response ??= await onDemand(toRequest(req, port), { ip, params: {}, geo: {}, site: {}, deploy: {}, account: {} });
      await send(res, response, req.method);
    } catch (err) {
      console.error(`[server] ${req.method} ${req.url} failed:`, err);
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      }
      res.end('Internal server error');
    }
  };
}
