// When the enquiry form's submissionId stays and when it changes: the server side of the key is in
// tests/integration/enquiry-retries.test.ts, the whole path in tests/e2e/enquiry-retry.spec.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleEnquiry } from '../../../tests/support/sample-enquiry';

const enquiry = sampleEnquiry('ada@example.com');

/** Answers each POST in turn: a status and body, or 'network' for a request that never gets an answer. */
function answering(...answers: ({ status: number; body: unknown } | 'network')[]) {
  const keys: (string | undefined)[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    keys.push(JSON.parse(String(init.body)).submissionId);
    const next = answers.shift() ?? { status: 201, body: { id: 1 } };
    if (next === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(next.body), { status: next.status, headers: { 'content-type': 'application/json' } });
  });
  return keys;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let sendEnquiry: typeof import('./submit-enquiry').sendEnquiry;
beforeEach(async () => {
  // Module state: each test starts as a fresh page does.
  vi.resetModules();
  ({ sendEnquiry } = await import('./submit-enquiry'));
});
afterEach(() => vi.unstubAllGlobals());

describe('sendEnquiry', () => {
  it('sends the same key again while the same enquiry has no answer, or a failed one', async () => {
    const keys = answering('network', { status: 503, body: { error: 'Unavailable' } }, { status: 201, body: { id: 9 } });
    expect((await sendEnquiry(enquiry)).ok).toBe(false);
    expect((await sendEnquiry(enquiry)).ok).toBe(false);
    // Text that differs only in what the schema trims is the same enquiry.
    expect((await sendEnquiry({ ...enquiry, message: ` ${enquiry.message}  ` })).ok).toBe(true);
    expect(keys[0]).toMatch(UUID);
    expect(keys).toEqual([keys[0], keys[0], keys[0]]);
  });

  it('makes a new key once the enquiry is stored, and for changed content', async () => {
    const keys = answering('network');
    await sendEnquiry(enquiry);
    await sendEnquiry({ ...enquiry, message: 'A different brief.' });
    await sendEnquiry(enquiry);
    expect(new Set(keys).size).toBe(3);
  });

  it('makes a new key when the server holds this one for other content', async () => {
    const keys = answering({ status: 409, body: { error: 'Already sent', issues: { submissionId: 'Already used' } } }, 'network', 'network');
    await sendEnquiry(enquiry);
    await sendEnquiry(enquiry);
    await sendEnquiry(enquiry);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
  });
});
