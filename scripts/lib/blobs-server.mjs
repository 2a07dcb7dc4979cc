// Netlify Blobs without Netlify: the emulator's own blob server, storing under DATA_DIR, announced
// to @netlify/blobs through the same NETLIFY_BLOBS_CONTEXT variable the platform sets, so
// getStore() works unchanged in functions, locally and in tests.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { BlobsServer } from '@netlify/blobs/server';

/** The one address the blob server listens on: only the site's functions, on this machine, call it. */
const LOOPBACK = '127.0.0.1';

export async function startBlobsServer({ directory }) {
  fs.mkdirSync(directory, { recursive: true });
  const token = crypto.randomBytes(16).toString('hex');
  const blobs = new BlobsServer({ directory, token, logger: () => {} });
  // BlobsServer.start() listens on every interface (its HTTP server takes a port, no address), so
  // a site started on loopback had its blob store open to the network, behind the token alone. Its
  // request handler is served here on loopback instead, through the same Request/Response
  // adapter as the site (scripts/lib/http-server.mjs).
  const server = http.createServer(getRequestListener((request) => blobs.handleRequest(request)));
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK, resolve);
  });
  const { port } = server.address();
  // What start() sets: the origin the store's signed URLs are built on.
  blobs.address = `http://${LOOPBACK}:${port}`;
  const context = {
    edgeURL: blobs.address,
    uncachedEdgeURL: blobs.address,
    primaryRegion: 'us-east-2',
    siteID: 'local-site',
    deployID: 'local-deploy',
    token,
  };
  return {
    /** The value for NETLIFY_BLOBS_CONTEXT. */
    context: Buffer.from(JSON.stringify(context)).toString('base64'),
    stop: () =>
      new Promise((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
