/**
 * A newsletter sign-up's two posts at once (a double click) at the last rate-limit point of the
 * hour, on a PostgreSQL server (this file runs in the PostgreSQL pass only: vitest.config.ts): the
 * embedded database has one session for every connection, so two requests' statements never
 * overlap there.
 */
import { describe, expect, it } from 'vitest';
import newsletter from '../../netlify/functions/newsletter.ts';
import { getDb } from '../../src/server/db/client.ts';
import { call, ORIGIN } from '../support/call.ts';
import { unique, uniqueIp } from '../support/unique.ts';

const ALREADY_SUBSCRIBED = 'This email address is already subscribed.';
const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };

const json = (email: string, ip: string) => call(newsletter, '/api/newsletter', { body: { email }, ip });
const form = (email: string, ip: string) =>
  call(newsletter, '/api/newsletter', { method: 'POST', rawBody: new URLSearchParams({ email, website: '' }).toString(), headers: FORM, ip });

const points = async (ip: string) =>
  (await getDb().selectFrom('rateLimits').select('points').where('key', '=', `newsletter:${ip}`).executeTakeFirst())?.points;
const welcomes = async (email: string) =>
  (await getDb().selectFrom('outbox').innerJoin('subscribers', 'subscribers.id', 'outbox.subscriberId').select('outbox.id').where('subscribers.email', '=', email).execute()).length;

/** A sender that has spent all but the last of its 20 points this hour. */
async function senderAtItsLastPoint() {
  const ip = uniqueIp();
  for (let i = 0; i < 19; i += 1) expect((await json(`n${i}.${unique()}@example.com`, ip)).status).toBe(201);
  return ip;
}

// The race is the two requests' own, so each case runs a few double clicks: one that loses it
// (its statements overlapping the other's) was answered 429 about the sign-up the other made.
const DOUBLE_CLICKS = 4;

describe("POST /api/newsletter, a double click at the rate limit's last point, on PostgreSQL", () => {
  it('answers both posts of a plain form with the Insights page saying subscribed: one sign-up, one welcome, the last point spent once', async () => {
    for (let round = 0; round < DOUBLE_CLICKS; round += 1) {
      const ip = await senderAtItsLastPoint();
      const email = `click.${unique()}@example.com`;
      const answers = await Promise.all([form(email, ip), form(email, ip)]);
      expect(answers.map((r) => [r.status, r.headers.get('location')])).toEqual([
        [303, '/insights#newsletter-subscribed'],
        [303, '/insights#newsletter-subscribed'],
      ]);
      expect(await welcomes(email)).toBe(1);
      expect(await points(ip)).toBe(20);
      expect((await form(`new.${unique()}@example.com`, ip)).status).toBe(307);
    }
  });

  it("answers the island's two posts as one sign-up and its repeat below the limit: 201, then 409 'already subscribed'", async () => {
    for (let round = 0; round < DOUBLE_CLICKS; round += 1) {
      const ip = await senderAtItsLastPoint();
      const email = `island.${unique()}@example.com`;
      const answers = await Promise.all([json(email, ip), json(email, ip)]);
      const [first, second] = answers[0]!.status === 201 ? answers : [answers[1]!, answers[0]!];
      expect(first.status).toBe(201);
      expect([second.status, second.json]).toEqual([409, { error: ALREADY_SUBSCRIBED, issues: { email: ALREADY_SUBSCRIBED } }]);
      expect(await welcomes(email)).toBe(1);
      expect(await points(ip)).toBe(20);
      expect((await json(`new.${unique()}@example.com`, ip)).status).toBe(429);
    }
  });
});
