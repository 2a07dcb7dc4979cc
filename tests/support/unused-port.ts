import net from 'node:net';

/**
 * A loopback port nothing listens on: taken from the system, then given back. A test either keeps
 * it closed (to see how a refused connection is answered) or starts a server of its own on it.
 */
export async function unusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
