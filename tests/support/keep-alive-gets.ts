import http from 'node:http';
import type net from 'node:net';

/** What one GET over the shared connection answered: status, Connection header, body; and the socket it went over. */
export interface KeptAliveAnswer {
  answer: [number, string | undefined, string];
  socket: net.Socket;
}

/**
 * GETs to 127.0.0.1:`port` over one keep-alive connection at most, so a test can tell whether an
 * answer left the client's connection open: the next GET then goes over the same socket. `close`
 * ends the connection.
 */
export function keepAliveGets(port: number): { get: (path: string) => Promise<KeptAliveAnswer>; close: () => void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string) =>
    new Promise<KeptAliveAnswer>((resolve, reject) => {
      const req = http.get({ port, host: '127.0.0.1', path, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ answer: [res.statusCode ?? 0, res.headers.connection, body], socket: req.socket as net.Socket }));
      });
      req.on('error', reject);
    });
  return { get, close: () => agent.destroy() };
}
