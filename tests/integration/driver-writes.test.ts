/**
 * The database driver sends what it writes at once (src/server/db/client.ts): no statement, and no
 * connection's startup, waits on a timer before it leaves. Node runs no timer sooner than 1 ms, so
 * a write held for one (the driver's default, coalescing a turn's writes) idled every round trip
 * a millisecond. Shown here without measuring time: with the timers stopped, a new connection and
 * its statement still complete.
 */
import { sql } from 'kysely';
import { afterEach, expect, it, vi } from 'vitest';
import { closeDb, getDb } from '../../src/server/db/client.ts';

afterEach(async () => {
  vi.useRealTimers();
  await closeDb();
});

/** Whether `work` settles while only I/O and immediates run: up to 20,000 turns of the event loop. */
async function settlesWithoutTimers(work: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void work.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let turn = 0; turn < 20_000 && !settled; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

it('a new connection and its first statement go out without waiting on a timer', async () => {
  await closeDb();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const answer = sql<{ n: number }>`select 41 + 1 as n`.execute(getDb());
  expect(await settlesWithoutTimers(answer)).toBe(true);
  expect((await answer).rows).toEqual([{ n: 42 }]);
});
