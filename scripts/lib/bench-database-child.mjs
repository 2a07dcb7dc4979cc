// The benchmarks' database process: an in-memory embedded Postgres, with the WebSocket bridge the
// driver reaches it through, that says where it is and stops when its parent goes. A real database
// runs apart from the function, and so does Neon's WebSocket proxy in front of it; PGlite is
// WebAssembly on the main thread of whatever process owns it, and sharing the server's thread would
// charge its query work, or the bridge's relaying, to the request being measured.
import { startEmbeddedPostgres } from './embedded-postgres.mjs';
import { startStatementTap } from './statement-tap.mjs';
import { startWsProxy } from './ws-proxy.mjs';

const pg = await startEmbeddedPostgres(); // in memory: nothing left behind
// Clients reach the database through the statement tap; the parent asks for the counts.
const tap = await startStatementTap(Number(new URL(pg.databaseUrl).port));
const url = new URL(pg.databaseUrl);
url.port = String(tap.port);
// The driver's WebSocket is bridged here too, to the tap (so every statement is counted).
const bridge = await startWsProxy({ target: `127.0.0.1:${tap.port}` });
process.on('message', (m) => {
  if (m && typeof m === 'object' && 'counts' in m) process.send?.({ id: m.counts, counts: { statements: tap.count(), connections: tap.connections() } });
});
const stop = async () => {
  await bridge.stop();
  await pg.stop();
  process.exit(0);
};
process.on('disconnect', stop);
process.on('SIGTERM', stop);
process.send?.({ databaseUrl: url.toString(), wsProxy: bridge.proxy });
