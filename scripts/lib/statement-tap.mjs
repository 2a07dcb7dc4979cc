// A loopback TCP tap in front of the benchmarks' database, counting the SQL statements its clients
// send. It runs in the database's process (scripts/lib/bench-database-child.mjs), so relaying the
// bytes costs the server being measured nothing.
import net from 'node:net';

/**
 * A loopback TCP tap in front of the database that counts the statements clients send: simple
 * Query ('Q') and extended-protocol Execute ('E') messages. The on-demand function is a bundle with
 * its own copy of the db client, so the count is taken on the wire rather than inside Kysely.
 */
export async function startStatementTap(targetPort) {
  let statements = 0;
  let connections = 0;
  const server = net.createServer((client) => {
    connections += 1;
    // Without TCP_NODELAY, Nagle's algorithm meets the driver's delayed ACKs and stalls a
    // multi-packet answer by ~40 ms on loopback: a stall of this tap, not of the page.
    const upstream = net.connect({ port: targetPort, host: '127.0.0.1', noDelay: true });
    client.setNoDelay(true);
    let buffer = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          // Startup (or SSLRequest / GSSENCRequest) has no type byte: Int32 length, Int32 code.
          if (buffer.length < 8) break;
          const length = buffer.readInt32BE(0);
          const code = buffer.readInt32BE(4);
          if (buffer.length < length) break;
          buffer = buffer.subarray(length);
          if (code !== 80877103 && code !== 80877104) started = true;
          continue;
        }
        if (buffer.length < 5) break;
        const type = String.fromCharCode(buffer[0]);
        const length = buffer.readInt32BE(1);
        if (buffer.length < 1 + length) break;
        if (type === 'Q' || type === 'E') statements += 1;
        buffer = buffer.subarray(1 + length);
      }
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', close);
    client.on('error', close);
    upstream.on('close', close);
    upstream.on('error', close);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    port: /** @type {net.AddressInfo} */ (server.address()).port,
    count: () => statements,
    connections: () => connections,
  };
}
