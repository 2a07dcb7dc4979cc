// Netlify Blobs without Netlify: the emulator's own blob server, storing under DATA_DIR, announced
// to @netlify/blobs through the same NETLIFY_BLOBS_CONTEXT variable the platform sets, so
// getStore() works unchanged in functions, locally and in tests.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { BlobsServer } from '@netlify/blobs/server';

export async function startBlobsServer({ directory }) {
  fs.mkdirSync(directory, { recursive: true });
  const token = crypto.randomBytes(16).toString('hex');
  const server = new BlobsServer({ directory, token, logger: () => {} });
  const { port } = await server.start();
  const context = {
    edgeURL: `http://127.0.0.1:${port}`,
    uncachedEdgeURL: `http://127.0.0.1:${port}`,
    primaryRegion: 'us-east-2',
    siteID: 'local-site',
    deployID: 'local-deploy',
    token,
  };
  return {
    /** The value for NETLIFY_BLOBS_CONTEXT. */
    context: Buffer.from(JSON.stringify(context)).toString('base64'),
    stop: () => server.stop(),
  };
}
