/**
 * An HTTP proxy of the test's own between the app and the run's blob server, announced to
 * @netlify/blobs the way the real one is (NETLIFY_BLOBS_CONTEXT), and put in trouble on demand:
 * - `hold(methods)`: a request with one of those methods is read whole and never answered (nor
 *   passed on), as a blob service that accepts a call and then hangs; the rest pass;
 * - `fail(methods, status)`: such a request is answered `status` (and not passed on);
 * - `loseAnswers(methods, count)`: such a request is passed on, so the blob server does what it
 *   asks, and its answer is dropped (the caller's connection reset), as a write that lands and whose
 *   answer is lost on the way; for the next `count` such requests, then they pass again;
 * - `heal()`: everything passes again, on the same port. Held requests stay unanswered until the
 *   caller gives up on them or the proxy stops.
 * `seen` lists every request that reached the proxy ('PUT /site/store/key'), held or not.
 */
import http from 'node:http';
import type net from 'node:net';

export interface BlobFaultProxy {
  seen: string[];
  hold(methods: readonly string[]): void;
  fail(methods: readonly string[], status: number): void;
  loseAnswers(methods: readonly string[], count?: number): void;
  heal(): void;
  /** Points @netlify/blobs at the proxy; `restore` points it back at the blob server. */
  announce(): { restore(): void };
  stop(): Promise<void>;
}

export async function startBlobFaultProxy(): Promise<BlobFaultProxy> {
  const saved = process.env.NETLIFY_BLOBS_CONTEXT!;
  const context = JSON.parse(Buffer.from(saved, 'base64').toString()) as { edgeURL: string };
  const upstream = new URL(context.edgeURL);
  let held = new Set<string>();
  let failing = new Set<string>();
  let failStatus = 503;
  let losing = new Set<string>();
  let toLose = 0;
  const seen: string[] = [];
  const sockets = new Set<net.Socket>();

  const server = http.createServer((req, res) => {
    const method = req.method ?? 'GET';
    seen.push(`${method} ${new URL(req.url ?? '/', 'http://proxy').pathname}`);
    if (held.has(method)) {
      req.resume(); // taken whole, answered never
      return;
    }
    if (failing.has(method)) {
      req.resume();
      req.on('end', () => res.writeHead(failStatus).end('Service Unavailable'));
      return;
    }
    const lose = losing.has(method) && toLose > 0;
    if (lose) toLose -= 1;
    const out = http.request(
      { host: upstream.hostname, port: upstream.port, method, path: req.url, headers: req.headers },
      (answer) => {
        if (lose) {
          answer.resume();
          req.socket.resetAndDestroy();
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;

  return {
    seen,
    hold(methods) {
      held = new Set(methods);
    },
    fail(methods, status) {
      failing = new Set(methods);
      failStatus = status;
    },
    loseAnswers(methods, count = Infinity) {
      losing = new Set(methods);
      toLose = count;
    },
    heal() {
      held = new Set();
      failing = new Set();
      losing = new Set();
      toLose = 0;
    },
    announce() {
      process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify({ ...context, edgeURL: url, uncachedEdgeURL: url })).toString('base64');
      return {
        restore() {
          process.env.NETLIFY_BLOBS_CONTEXT = saved;
        },
      };
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
