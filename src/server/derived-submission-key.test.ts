import { describe, expect, it } from 'vitest';
import { SUBMISSION_KEY_WINDOW_MS, derivedSubmissionKey } from './derived-submission-key.ts';

const fields = { firstName: 'Ada', message: 'Hello', page: undefined };
const start = 1_800_000_000_000 - (1_800_000_000_000 % SUBMISSION_KEY_WINDOW_MS);

describe('derivedSubmissionKey', () => {
  it('is one RFC 9562 version 8 UUID for the same client, fields and window', () => {
    const key = derivedSubmissionKey('192.0.2.1', fields, start);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(derivedSubmissionKey('192.0.2.1', { page: undefined, message: 'Hello', firstName: 'Ada' }, start + SUBMISSION_KEY_WINDOW_MS - 1)).toBe(key);
  });

  it('differs for another client, another field value, an absent field named, and the next window', () => {
    const key = derivedSubmissionKey('192.0.2.1', fields, start);
    const others = [
      derivedSubmissionKey('192.0.2.2', fields, start),
      derivedSubmissionKey('192.0.2.1', { ...fields, message: 'Hello!' }, start),
      derivedSubmissionKey('192.0.2.1', { ...fields, page: 'Home' }, start),
      derivedSubmissionKey('192.0.2.1', fields, start + SUBMISSION_KEY_WINDOW_MS),
    ];
    expect(new Set([key, ...others]).size).toBe(5);
  });
});
