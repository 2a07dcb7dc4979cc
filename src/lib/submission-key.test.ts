import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newSubmissionId } from './submission-key';

const VERSION_4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newSubmissionId', () => {
  it('is crypto.randomUUID where the page has it', () => {
    expect(newSubmissionId({ getRandomValues: (a) => a, randomUUID: () => '5c0e8a3f-2b1d-4f6e-8a9c-7d4b2e1f0a63' })).toBe('5c0e8a3f-2b1d-4f6e-8a9c-7d4b2e1f0a63');
  });

  it('without randomUUID (plain HTTP away from localhost), a version-4 UUID of random bytes that the server takes', () => {
    const source = { getRandomValues: (bytes: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(bytes) };
    const keys = Array.from({ length: 200 }, () => newSubmissionId(source));
    for (const key of keys) expect(key).toMatch(VERSION_4);
    expect(new Set(keys).size).toBe(200);
    expect(z.uuid().safeParse(keys[0]).success).toBe(true);
  });

  it('sets the version and variant bits whatever the random bytes', () => {
    expect(newSubmissionId({ getRandomValues: (bytes) => bytes.fill(0xff) })).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(newSubmissionId({ getRandomValues: (bytes) => bytes.fill(0) })).toBe('00000000-0000-4000-8000-000000000000');
  });
});
