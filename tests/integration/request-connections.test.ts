/**
 * How requests use database connections (src/server/db/client.ts, ADR 14): requests in flight at
 * the same time in one process share the connections the first one opened, and the last one out
 * ends them; a request alone (as every invocation on Netlify is) opens and ends its own. Counted on
 * the wire, at a TCP proxy between the app and the run's database.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, getDb, withRequestDatabase } from '../../src/server/db/client.ts';
import { routeDatabaseThroughFaultProxy } from '../support/database-through-fault-proxy.ts';
import type { TcpFaultProxy } from '../support/tcp-fault-proxy.ts';

let proxy: TcpFaultProxy;
let restore: (() => Promise<void>) | undefined;

beforeAll(async () => {
  await closeDb();
  ({ proxy, restore } = await routeDatabaseThroughFaultProxy());
});

afterAll(async () => {
  await restore?.();
});

/** Resolves once the proxy has no connection open (closing takes a round trip after the pool ends). */
async function allClosed(): Promise<number> {
  for (let i = 0; i < 100 && proxy.open > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  return proxy.open;
}

const oneRequest = () => withRequestDatabase(() => sql<{ n: number }>`select 1 as n`.execute(getDb()));

describe('database connections of requests', () => {
  it('a request alone opens its own connection and ends it when it is done', async () => {
    const before = proxy.accepted;
    await oneRequest();
    expect(await allClosed()).toBe(0);
    await oneRequest();
    expect(await allClosed()).toBe(0);
    expect(proxy.accepted - before).toBe(2);
  });

  it('requests in flight together share at most 5 connections, ended when the last one is done', async () => {
    const before = proxy.accepted;
    let release!: () => void;
    const barrier = new Promise<void>((resolve) => {
      release = resolve;
    });
    let queried = 0;
    const requests = Array.from({ length: 30 }, () =>
      withRequestDatabase(async () => {
        await sql`select 1`.execute(getDb());
        queried += 1;
        // Every request holds its lease until all have queried: they overlap for certain.
        await barrier;
        await sql`select 2`.execute(getDb());
      }),
    );
    while (queried < 30) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(proxy.open).toBeGreaterThan(0);
    release();
    await Promise.all(requests);
    expect(await allClosed()).toBe(0);
    const opened = proxy.accepted - before;
    expect(opened).toBeGreaterThanOrEqual(1);
    expect(opened).toBeLessThanOrEqual(5);
  });

  it('a request that starts while the last one out is ending the connections opens new ones', async () => {
    const before = proxy.accepted;
    let queried!: () => void;
    const firstQueried = new Promise<void>((resolve) => {
      queried = resolve;
    });
    const first = withRequestDatabase(async () => {
      await sql`select 1`.execute(getDb());
      queried();
    });
    await firstQueried;
    // By the next turn the first request has given its lease back and its pool is ending.
    await new Promise((resolve) => setImmediate(resolve));
    const second = await oneRequest();
    await first;
    expect(second.rows).toEqual([{ n: 1 }]);
    expect(proxy.accepted - before).toBe(2);
    expect(await allClosed()).toBe(0);
  });
});
