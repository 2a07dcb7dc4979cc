/**
 * An enquiry's retry racing its first send on a PostgreSQL server (this file runs in the PostgreSQL
 * pass only: vitest.config.ts): the embedded database has one session for every connection, so a
 * transaction held open by the test would hold the request inside it.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { getDb, withRequestDatabase } from '../../src/server/db/client.ts';
import { enquiryLimiter, spendPoint } from '../../src/server/rate-limit.ts';
import { answer, send, storedFrom } from '../support/enquiry-sends.ts';
import { sampleEnquiry } from '../support/sample-enquiry.ts';
import { uniqueIp } from '../support/unique.ts';

describe('POST /api/contacts with a submissionId, on PostgreSQL', () => {
  // The race the ON CONFLICT is for: the first send's row is committed while the retry's statement
  // runs, so the retry's snapshot does not see it and its insert waits on the key, then does
  // nothing. Held open with a transaction of the test's own: a server's sessions only (the embedded
  // database has one session for every connection, so the request would run inside that transaction).
  /**
   * The first send's row, committed by the test while the retry (from `ip`) waits on its key: the
   * retry's answer and the row. With `spendingAPoint`, the test's transaction spends the first
   * send's point too, as its statement does, and the retry waits on that point instead.
   */
  async function retryLosingTheRace(
    body: Record<string, unknown> & ReturnType<typeof sampleEnquiry> & { submissionId: string },
    ip = uniqueIp(),
    { spendingAPoint = false } = {},
  ) {
    const db = getDb();
    const waitingOnLock = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db)).rows[0]!.n > 0;
    let retry: ReturnType<typeof send> | undefined;
    const first = await db.transaction().execute(async (trx) => {
      const { firstName, lastName, email, phone, company, message, service, page, ctaButton, submissionId } = body;
      if (spendingAPoint) await spendPoint(enquiryLimiter(), ip).execute(trx);
      const row = await trx.insertInto('enquiries').values({ firstName, lastName, email, phone, company, message, service, page, ctaButton, submissionId }).returning('id').executeTakeFirstOrThrow();
      retry = send(body, ip);
      await expect.poll(waitingOnLock, { timeout: 5_000 }).toBe(true);
      return row;
    });
    return { r: await retry!, first };
  }

  it("answers a retry with the first send's enquiry when that one commits while the retry's statement runs", async () => {
    const body = { ...sampleEnquiry(), submissionId: crypto.randomUUID() };
    const { r, first } = await retryLosingTheRace(body);
    expect(r.status).toBe(201);
    expect(r.json).toEqual({ id: first.id });
    const { enquiries, jobs } = await storedFrom(body.email);
    expect(enquiries.map((e) => e.id)).toEqual([first.id]);
    expect(jobs).toEqual([]);
  });

  // The retry that loses the race spent its point in its statement, before its insert found the
  // key taken; it gives it back, as a retry that saw the row spends none (ADR 26).
  it('spends no rate-limit point on the retry that loses the race: the last point of the hour is still there', async () => {
    const ip = uniqueIp();
    const limiter = enquiryLimiter();
    const points = async () => (await withRequestDatabase(() => limiter.get(ip)))?.consumedPoints;
    for (let i = 0; i < 19; i++) expect((await send(sampleEnquiry(), ip)).status).toBe(201);
    const body = { ...sampleEnquiry(), submissionId: crypto.randomUUID() };
    const { r, first } = await retryLosingTheRace(body, ip);
    expect(answer(r)).toEqual({ status: 201, body: { id: first.id }, type: 'application/json; charset=utf-8' });
    expect(await points()).toBe(19);
    expect((await send(sampleEnquiry(), ip)).status).toBe(201);
    expect(await points()).toBe(20);
    expect((await send(sampleEnquiry(), ip)).status).toBe(429);
  });

  // The first send took the hour's last point in its statement, and the retry's statement, whose
  // snapshot missed the first's row, waited on that point and counted past the limit: it was
  // answered 429 about an enquiry that is stored.
  it("answers a retry that loses the race for the hour's last point as the first send, and gives its point back", async () => {
    const ip = uniqueIp();
    const limiter = enquiryLimiter();
    const points = async () => (await withRequestDatabase(() => limiter.get(ip)))?.consumedPoints;
    for (let i = 0; i < 19; i++) expect((await send(sampleEnquiry(), ip)).status).toBe(201);
    const body = { ...sampleEnquiry(), submissionId: crypto.randomUUID() };
    const { r, first } = await retryLosingTheRace(body, ip, { spendingAPoint: true });
    expect(answer(r)).toEqual({ status: 201, body: { id: first.id }, type: 'application/json; charset=utf-8' });
    expect(await points()).toBe(20);
    expect((await storedFrom(body.email)).enquiries.map((e) => e.id)).toEqual([first.id]);
    expect((await send(sampleEnquiry(), ip)).status).toBe(429);
  });

  it("answers both sends of a double click at the hour's last point as one enquiry, whichever wins", async () => {
    for (let round = 0; round < 4; round += 1) {
      const ip = uniqueIp();
      for (let i = 0; i < 19; i++) expect((await send(sampleEnquiry(), ip)).status).toBe(201);
      const body = { ...sampleEnquiry(), submissionId: crypto.randomUUID() };
      const [a, b] = await Promise.all([send(body, ip), send(body, ip)]);
      expect(a.status).toBe(201);
      expect(answer(b)).toEqual(answer(a));
      expect((await storedFrom(body.email)).enquiries.map((e) => e.id)).toEqual([a.json.id]);
    }
  });
});
