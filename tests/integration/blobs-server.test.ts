/**
 * The local blob store (scripts/lib/blobs-server.mjs) that `npm start`, the e2e site and these tests
 * run beside the site: reachable on loopback, where the functions call it, and from nowhere else,
 * as the site itself listens on loopback unless HOST says otherwise.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import { startBlobsServer } from '../../scripts/lib/blobs-server.mjs';
import { withEnv } from '../support/with-env.ts';

/** Whether a TCP connection to host:port is accepted. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(3000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Addresses of this machine other than the blob server's 127.0.0.1: its network addresses (link-local
 * IPv6 left out: it needs a zone to reach) and 127.0.0.2, which Linux answers on loopback whatever
 * interfaces the machine has, so the check never runs on an empty list (a CI container may have no
 * network interface at all).
 */
const otherAddresses = () => [
  '127.0.0.2',
  ...Object.values(os.networkInterfaces())
    .flat()
    .filter((a) => a !== undefined && !a.internal && !(a.family === 'IPv6' && a.scopeid))
    .map((a) => a!.address),
];

/** The addresses a server listening on every interface accepts on: where a refusal means something. */
async function reachableAddresses() {
  const everywhere = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => everywhere.listen(0, resolve));
  const { port } = everywhere.address() as net.AddressInfo;
  try {
    const reachable: string[] = [];
    for (const address of otherAddresses()) if (await accepts(address, port)) reachable.push(address);
    return reachable;
  } finally {
    await new Promise<void>((resolve) => everywhere.close(() => resolve()));
  }
}

describe('the local blob store', () => {
  it('answers on loopback only, where the functions store and read through it', async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'site-blobs-test-'));
    const blobs = await startBlobsServer({ directory });
    try {
      const { edgeURL } = JSON.parse(Buffer.from(blobs.context, 'base64').toString('utf8')) as { edgeURL: string };
      const port = Number(new URL(edgeURL).port);
      expect(await accepts('127.0.0.1', port)).toBe(true);
      // Refusals count only where a server on every interface is accepted: at least 127.0.0.2.
      const others = await reachableAddresses();
      expect(others).toContain('127.0.0.2');
      for (const address of others) expect({ address, accepts: await accepts(address, port) }).toEqual({ address, accepts: false });

      await withEnv({ NETLIFY_BLOBS_CONTEXT: blobs.context }, async () => {
        const store = getStore({ name: 'loopback-probe', consistency: 'strong' });
        await store.set('greeting', 'hello');
        expect(await store.get('greeting')).toBe('hello');
        expect((await store.list()).blobs.map((b) => b.key)).toEqual(['greeting']);
      });
    } finally {
      await blobs.stop();
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });
});
