/**
 * An admin create's retry racing its first send on a PostgreSQL server (this file runs in the
 * PostgreSQL pass only: vitest.config.ts): the embedded database has one session for every
 * connection, so a transaction held open by the test would hold the request inside it.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import articles from '../../netlify/functions/articles.ts';
import services from '../../netlify/functions/services.ts';
import { articleCreateSchema } from '../../src/schemas/article.ts';
import { serviceCreateSchema } from '../../src/schemas/service.ts';
import { getDb } from '../../src/server/db/client.ts';
import type { Creation } from '../../src/server/db/create-once.ts';
import { createArticle } from '../../src/server/repositories/articles.ts';
import { createService } from '../../src/server/repositories/services.ts';
import { adminSession } from '../support/admin-session.ts';
import { call } from '../support/call.ts';

const RUN = crypto.randomBytes(4).toString('hex');

/**
 * The race the ON CONFLICT is for: the first send's row is committed (by `first`, in a transaction
 * of the test's own) while the retry's statement runs, so the retry's snapshot does not see it and
 * its insert waits on the key, then does nothing. The retry's answer, and what the first send stored.
 */
async function retryLosingTheRace<T>(first: (trx: ReturnType<typeof getDb>) => Promise<Creation<T>>, retry: () => ReturnType<typeof call>) {
  const db = getDb();
  const waitingOnLock = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db)).rows[0]!.n > 0;
  let answer: ReturnType<typeof call> | undefined;
  const stored = await db.transaction().execute(async (trx) => {
    const created = await first(trx);
    answer = retry();
    await expect.poll(waitingOnLock, { timeout: 5_000 }).toBe(true);
    return created;
  });
  if (stored.outcome !== 'stored') throw new Error(`the first send was ${stored.outcome}`);
  return { r: await answer!, first: stored.item };
}

describe('POST /api/articles and /api/services with a submissionId, on PostgreSQL', () => {
  it("answers an article's retry 200 with the first send's article when that one commits while the retry's statement runs", async () => {
    const { cookie } = await adminSession();
    const title = `Raced ${RUN}`;
    const body = { title, description: 'Sent twice.', readTime: '2 min read', submissionId: crypto.randomUUID() };
    const { r, first } = await retryLosingTheRace(
      (trx) => createArticle(trx, articleCreateSchema.parse(body)),
      () => call(articles, '/api/articles', { method: 'POST', body, headers: { cookie } }),
    );
    expect(r.status).toBe(200);
    expect(r.json).toEqual(first);
    expect(await getDb().selectFrom('articles').select('id').where('title', '=', title).execute()).toEqual([{ id: first.id }]);
  });

  it("refuses a service's key sent with other content (409 on submissionId, with the stored service) when the first send commits while its statement runs", async () => {
    const { cookie } = await adminSession();
    const title = `Raced ${RUN}`;
    const body = { title, description: 'Sent twice.', icon: 'target', features: ['One'], submissionId: crypto.randomUUID() };
    const { r, first } = await retryLosingTheRace(
      (trx) => createService(trx, serviceCreateSchema.parse(body)),
      () => call(services, '/api/services', { method: 'POST', body: { ...body, features: ['Two'] }, headers: { cookie } }),
    );
    expect(r.status).toBe(409);
    const keyReused = 'This form already created a service with other content: save yours as an edit of that service, stored in this answer';
    expect(r.json).toEqual({ error: keyReused, issues: { submissionId: keyReused }, stored: first });
    expect(await getDb().selectFrom('services').select(['id', 'features']).where('title', '=', title).execute()).toEqual([{ id: first.id, features: ['One'] }]);
  });
});
