/**
 * An enquiry sent again with its submissionId (the visitor pressed Send again after its first
 * answer was lost, after the commit): one row, one notice job, and the first answer again.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withRequestDatabase } from '../../src/server/db/client.ts';
import { enquiryLimiter } from '../../src/server/rate-limit.ts';
import { answer, send, storedFrom } from '../support/enquiry-sends.ts';
import { sampleEnquiry } from '../support/sample-enquiry.ts';
import { uniqueIp } from '../support/unique.ts';

describe('POST /api/contacts with a submissionId', () => {
  it('stores an enquiry sent twice with one key once, queues one notice, and answers the retry as the first', async () => {
    const submissionId = crypto.randomUUID();
    const body = { ...sampleEnquiry(), submissionId };
    const first = await send(body);
    const retry = await send(body);
    expect(first.status).toBe(201);
    expect(answer(retry)).toEqual(answer(first));
    const { enquiries, jobs } = await storedFrom(body.email);
    expect(enquiries).toEqual([{ id: first.json.id, message: body.message, submissionId }]);
    expect(jobs).toEqual([{ id: expect.any(Number), enquiryId: first.json.id }]);
  });

  it('stores one enquiry when both sends of one key arrive at once', async () => {
    const body = { ...sampleEnquiry(), submissionId: crypto.randomUUID() };
    const [a, b] = await Promise.all([send(body), send(body)]);
    expect(a.status).toBe(201);
    expect(answer(b)).toEqual(answer(a));
    const { enquiries, jobs } = await storedFrom(body.email);
    expect(enquiries.map((e) => e.id)).toEqual([a.json.id]);
    expect(jobs).toHaveLength(1);
  });

  it('stores two enquiries of the same content sent with different keys', async () => {
    const content = sampleEnquiry();
    const first = await send({ ...content, submissionId: crypto.randomUUID() });
    const second = await send({ ...content, submissionId: crypto.randomUUID() });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.json.id).not.toBe(first.json.id);
    const { enquiries, jobs } = await storedFrom(content.email);
    expect(enquiries.map((e) => e.id)).toEqual([first.json.id, second.json.id]);
    expect(jobs).toHaveLength(2);
  });

  it('compares the content as stored: a retry that differs only in what the schema trims is the same enquiry', async () => {
    const body = { ...sampleEnquiry(), submissionId: crypto.randomUUID() };
    const first = await send(body);
    const retry = await send({ ...body, firstName: `  ${body.firstName} `, service: undefined, page: '', submissionId: body.submissionId.toUpperCase() });
    // Not the same: the retry has no service or page, the first had them.
    expect(retry.status).toBe(409);
    const same = await send({ ...body, firstName: `  ${body.firstName} `, submissionId: body.submissionId.toUpperCase() });
    expect(answer(same)).toEqual(answer(first));
    expect((await storedFrom(body.email)).enquiries).toHaveLength(1);
  });

  // The rule: one key names one enquiry. Sent again with other content, it is refused (409, naming
  // the field) and the stored enquiry stays as it was: answering 201 would tell the visitor their
  // changed words reached the firm.
  it('refuses the key sent again with different content: 409 naming submissionId, the stored enquiry unchanged', async () => {
    const body = { ...sampleEnquiry(), submissionId: crypto.randomUUID() };
    const first = await send(body);
    const changed = await send({ ...body, message: 'Something else entirely.' });
    expect(changed.status).toBe(409);
    expect(changed.json).toEqual({
      error: 'This submission was already sent with different content.',
      issues: { submissionId: 'Already used for a different enquiry; send this one with a new key' },
    });
    const { enquiries, jobs } = await storedFrom(body.email);
    expect(enquiries).toEqual([{ id: first.json.id, message: body.message, submissionId: body.submissionId }]);
    expect(jobs).toHaveLength(1);
  });

  it('answers 400 naming submissionId when it is not a UUID, and stores nothing', async () => {
    for (const submissionId of ['not-a-uuid', '', 42, '123e4567-e89b-12d3-a456-42661417400']) {
      const body = { ...sampleEnquiry(), submissionId };
      const r = await send(body);
      expect(r.status, String(submissionId)).toBe(400);
      expect(r.json).toEqual({ error: 'Invalid request', issues: { submissionId: 'Must be a UUID' } });
      expect((await storedFrom(body.email)).enquiries).toEqual([]);
    }
  });

  it('stores every enquiry sent without a key, as before', async () => {
    const body = sampleEnquiry();
    const first = await send(body);
    const second = await send(body);
    expect([first.status, second.status]).toEqual([201, 201]);
    const { enquiries, jobs } = await storedFrom(body.email);
    expect(enquiries).toEqual([
      { id: first.json.id, message: body.message, submissionId: null },
      { id: second.json.id, message: body.message, submissionId: null },
    ]);
    expect(jobs).toHaveLength(2);
  });

  // A retry stores nothing and sends nothing, so it spends no point of the sender's hourly limit:
  // counted, it would answer 429 to a visitor whose enquiry is in fact stored.
  it("spends no rate-limit point on a retry, and answers it as the first even once the sender's limit is spent", async () => {
    const ip = uniqueIp();
    const limiter = enquiryLimiter();
    const points = async () => (await withRequestDatabase(() => limiter.get(ip)))?.consumedPoints;
    const body = { ...sampleEnquiry(), submissionId: crypto.randomUUID() };
    const first = await send(body, ip);
    expect(answer(await send(body, ip))).toEqual(answer(first));
    expect(await points()).toBe(1);
    for (let i = 1; i < 20; i++) expect((await send(sampleEnquiry(), ip)).status).toBe(201);
    expect(answer(await send(body, ip))).toEqual(answer(first));
    expect(await points()).toBe(20);
    expect((await send({ ...sampleEnquiry(), submissionId: crypto.randomUUID() }, ip)).status).toBe(429);
  });
});
