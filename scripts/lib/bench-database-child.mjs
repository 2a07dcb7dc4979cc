// The benchmarks' database process: an in-memory embedded Postgres, with the WebSocket bridge the
// driver reaches it through, that says where it is and stops when its parent goes. A real database
// runs apart from the function, and so does Neon's WebSocket proxy in front of it; PGlite is
// WebAssembly on the main thread of whatever process owns it, and sharing the server's thread would
// charge its query work, or the bridge's relaying, to the request being measured.
import { startEmbeddedPostgres } from './embedded-postgres.mjs';
import { startWsProxy } from './ws-proxy.mjs';

const pg = await startEmbeddedPostgres(); // in memory: nothing left behind
// The bridge counts the statements its clients send (simple Query and extended-protocol Execute
// messages on a WebSocket connection, and each query posted over HTTP) and the WebSocket
// connections they open; the parent asks for the counts. The on-demand function
// is a bundle with its own copy of the db client, so the count is taken on the wire rather than
// inside Kysely, and on the bridge itself: a counting proxy of its own in front of the database
// added a loopback hop to every round trip (~0.9 ms of an Insights page's ~17 on a 2-core host).
let statements = 0;
let connections = 0;
const bridge = await startWsProxy({
  target: `127.0.0.1:${new URL(pg.databaseUrl).port}`,
  onClientMessage: (type) => {
    if (type === 'Q' || type === 'E') statements += 1;
  },
  onConnection: () => {
    connections += 1;
  },
  // The pages' reads: one statement a POST to the bridge's HTTP endpoint, no connection of their own.
  onHttpQuery: () => {
    statements += 1;
  },
});
process.on('message', (m) => {
  if (m && typeof m === 'object' && 'counts' in m) process.send?.({ id: m.counts, counts: { statements, connections } });
});
const stop = async () => {
  await bridge.stop();
  await pg.stop();
  process.exit(0);
};
process.on('disconnect', stop);
process.on('SIGTERM', stop);
process.send?.({ databaseUrl: pg.databaseUrl, wsProxy: bridge.proxy, sqlEndpoint: bridge.sqlEndpoint });
