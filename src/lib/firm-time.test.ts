import { describe, expect, it } from 'vitest';
import { firmTime } from './firm-time';

describe('firmTime', () => {
  it('shows an instant in Sydney time, daylight saving included', () => {
    // 13:00 UTC in November is midnight in Sydney (AEDT, UTC+11).
    expect(firmTime('2026-11-23T13:00:00.000Z')).toMatch(/^24 Nov 2026, 12:00\s?am$/);
    // 13:00 UTC in June is 11 pm in Sydney (AEST, UTC+10).
    expect(firmTime('2026-06-01T13:00:00.000Z')).toMatch(/^1 June 2026, 11:00\s?pm$/);
  });
});
