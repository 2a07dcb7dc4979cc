/**
 * What the local runtime (npm start, served to the network with HOST=0.0.0.0) does with the parts of
 * a request any client writes: the request target and the Host header. A redirect it makes stays on
 * the site whatever the path looks like, and the image CDN's emulation fetches a local source image
 * from this server itself, never from the host a request names.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from './support/e2e-site.ts';

/** One raw HTTP/1.1 exchange with the site, so the request target and Host are exactly ours. */
function raw(target: string, host = `127.0.0.1:${E2E_PORT}`): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(E2E_PORT, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('end', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.on('error', reject);
    socket.write(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nAccept: image/png\r\nConnection: close\r\n\r\n`);
  });
}

// The smallest valid PNG: one transparent pixel.
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

test('a trailing-slash redirect names a path on this site, however many slashes the path starts with', async () => {
  for (const [target, location] of [
    ['//about/', '/about'],
    ['///about/?x=1', '/about?x=1'],
    ['//contact/sent/', '/contact/sent'],
  ] as const) {
    const answer = await raw(target);
    expect(answer.status, target).toBe(301);
    expect(answer.headers['location'], target).toBe(location);
  }
});

test('the image CDN fetches a local source from this server, not from the host the request names', async () => {
  const asked: string[] = [];
  const trap = http.createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': PIXEL.length }).end(req.method === 'HEAD' ? undefined : PIXEL);
  });
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  const trapHost = `127.0.0.1:${(trap.address() as AddressInfo).port}`;
  try {
    // No upload has this name: the site itself has no such image.
    const source = `/objects/uploads/${crypto.randomBytes(16).toString('hex')}`;
    const target = `/.netlify/images?url=${encodeURIComponent(source)}&w=16&fm=png`;
    const viaOtherHost = await raw(target, trapHost);
    expect(asked).toEqual([]);
    expect(viaOtherHost.status).toBe(404);
    // Nor is anything another host served kept for the site's own visitors.
    const viaSite = await raw(target);
    expect(viaSite.status).toBe(404);
    expect(asked).toEqual([]);
  } finally {
    trap.closeAllConnections();
    await new Promise<void>((resolve) => trap.close(() => resolve()));
  }
});
