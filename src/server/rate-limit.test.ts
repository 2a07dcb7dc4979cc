import { describe, expect, it } from 'vitest';
import { rateLimiter } from './rate-limit.ts';

describe('rateLimiter', () => {
  it('gives one limiter per rule, and refuses a key prefix asked for again with other numbers', () => {
    const rule = { keyPrefix: 'unit_rule', points: 5, durationSeconds: 60 };
    expect(rateLimiter({ ...rule })).toBe(rateLimiter(rule));
    expect(() => rateLimiter({ ...rule, points: 6 })).toThrow("Rate limit 'unit_rule' is already defined with other numbers");
    expect(() => rateLimiter({ ...rule, blockDurationSeconds: 60 })).toThrow("Rate limit 'unit_rule' is already defined with other numbers");
  });
});
