/**
 * The send after an answer on a deploy preview or branch deploy. Its database is a branch of the
 * live site's (Netlify Database branches it for each preview; an own Neon's preview is a Neon
 * branch), so its outbox holds the live site's messages that were still waiting when it was
 * branched; the live site sends those itself. On a database of this file's own, so that no other
 * file's sender claims the message the test copies in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contacts from '../../netlify/functions/contacts.ts';
import newsletter from '../../netlify/functions/newsletter.ts';
import { getDb } from '../../src/server/db/client.ts';
import { welcomeMessage } from '../../src/server/mail/welcome.ts';
import { subscribeWithWelcome } from '../../src/server/repositories/subscribers.ts';
import { asDeploy } from '../support/as-deploy.ts';
import { call } from '../support/call.ts';
import { useOwnDatabase } from '../support/own-database.ts';
import { sampleEnquiry } from '../support/sample-enquiry.ts';
import { uniqueIp } from '../support/unique.ts';
import { withEnv } from '../support/with-env.ts';

let own: Awaited<ReturnType<typeof useOwnDatabase>>;
beforeAll(async () => {
  own = await useOwnDatabase();
});
afterAll(async () => {
  await own?.stop();
});

const outbox = () =>
  getDb()
    .selectFrom('outbox')
    .leftJoin('subscribers', 'subscribers.id', 'outbox.subscriberId')
    .leftJoin('enquiries', 'enquiries.id', 'outbox.enquiryId')
    .select(['outbox.kind', 'outbox.status', 'outbox.attempts', 'subscribers.email as subscriber', 'enquiries.email as enquirer'])
    .orderBy('outbox.id')
    .execute();

describe('the send after an answer, on a deploy that is not the live site', () => {
  it("sends the messages its own requests queued, never the live site's copied into its database branch", async () => {
    // What the branch copied from the live site: a welcome still waiting for its send.
    await subscribeWithWelcome(getDb(), { email: 'live.reader@example.com', sourcePage: null }, await welcomeMessage('live.reader@example.com', 'https://surgere.example'));
    const sends: Promise<unknown>[] = [];
    const waitUntil = (work: Promise<unknown>) => void sends.push(work);
    await asDeploy('deploy-preview', async () => {
      const signUp = await call(newsletter, '/api/newsletter', { body: { email: 'preview.tester@example.com' }, ip: uniqueIp(), waitUntil });
      expect(signUp.status).toBe(201);
      const enquiry = await call(contacts, '/api/contacts', { body: sampleEnquiry('preview.enquirer@example.com'), ip: uniqueIp(), waitUntil });
      expect(enquiry.status).toBe(201);
    });
    await Promise.all(sends);
    expect(await outbox()).toEqual([
      { kind: 'welcome', status: 'pending', attempts: 0, subscriber: 'live.reader@example.com', enquirer: null },
      { kind: 'welcome', status: 'sent', attempts: 1, subscriber: 'preview.tester@example.com', enquirer: null },
      { kind: 'enquiry-notice', status: 'sent', attempts: 1, subscriber: null, enquirer: 'preview.enquirer@example.com' },
    ]);
  });

  it('gives up at once on a send that fails there, so its tab offers Send again instead of a retry that never comes', async () => {
    // No scheduled sender runs on such a deploy: a message left to wait for its retry would say
    // 'trying again' in the admin's tab for ever.
    const sends: Promise<unknown>[] = [];
    const waitUntil = (work: Promise<unknown>) => void sends.push(work);
    const email = 'preview.unsent@example.com';
    // Nothing listens on port 1: the connection is refused, a failure the live site retries.
    await withEnv({ SMTP_URL: 'smtp://127.0.0.1:1' }, () =>
      asDeploy('branch-deploy', async () => {
        const signUp = await call(newsletter, '/api/newsletter', { body: { email }, ip: uniqueIp(), waitUntil });
        expect(signUp.status).toBe(201);
        await Promise.all(sends);
      }),
    );
    const welcome = (await outbox()).find((m) => m.subscriber === email);
    expect(welcome).toEqual({ kind: 'welcome', status: 'failed', attempts: 1, subscriber: email, enquirer: null });
  });
});
