import { describe, expect, it } from 'vitest';
import { parseSortOrder, serviceSchema, splitFeatures } from './service';

describe('service form rules (spec section 5)', () => {
  it('takes features one per line, trimmed, blank lines dropped', () => {
    expect(splitFeatures('Funnel review\r\n\n   \n  Channel mix  \nPricing')).toEqual(['Funnel review', 'Channel mix', 'Pricing']);
    expect(splitFeatures('')).toEqual([]);
  });

  it('parses the sort order as an integer, falling back to 0', () => {
    expect(parseSortOrder('12')).toBe(12);
    expect(parseSortOrder(' -3 ')).toBe(-3);
    expect(parseSortOrder('7.9')).toBe(7);
    expect(parseSortOrder('')).toBe(0);
    expect(parseSortOrder('abc')).toBe(0);
    expect(parseSortOrder('99999999999')).toBe(0);
  });

  it('defaults isActive to true and sortOrder to 0', () => {
    expect(serviceSchema.parse({ title: 'T', description: 'D', icon: 'i', features: [] })).toMatchObject({ isActive: true, sortOrder: 0 });
  });
});
