import { describe, expect, it } from 'vitest';
import { formatDetailDate, formatListDate, isoDate } from './article-dates';

describe('article dates', () => {
  it('shows the list date as full month and year (en-US)', () => {
    expect(formatListDate(new Date('2026-11-22T03:00:00Z'))).toBe('November 2026');
  });

  it('shows the detail date in the long en-AU form', () => {
    expect(formatDetailDate(new Date('2026-11-22T03:00:00Z'))).toBe('22 November 2026');
  });

  it("keeps Sydney's calendar day, not the server's UTC one", () => {
    // 9 am on 1 December in Sydney is still 30 November in UTC.
    expect(formatDetailDate('2026-11-30T22:00:00Z')).toBe('1 December 2026');
    expect(formatListDate('2026-11-30T22:00:00Z')).toBe('December 2026');
  });

  it('gives an ISO timestamp for machines', () => {
    expect(isoDate('2026-11-22T03:00:00Z')).toBe('2026-11-22T03:00:00.000Z');
  });
});
