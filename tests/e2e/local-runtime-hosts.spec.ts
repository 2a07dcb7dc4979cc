/**
 * What the local runtime (npm start, served to the network with HOST=0.0.0.0) does with the parts of
 * a request any client writes: the request target and the Host header. A redirect it makes stays on
 * the site whatever the path looks like.
 */
import net from 'node:net';
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
