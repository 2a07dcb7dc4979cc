import { describe, expect, it } from 'vitest';
import { formValuesOf, payloadOf } from './form-fields';
import { serviceFormFields, serviceSchema, type Service } from './service';

describe('serviceSchema', () => {
  it('drops a feature with nothing a reader can see, as it does a blank one: it showed as an empty bullet', () => {
    const parsed = serviceSchema.parse({ title: 'T', description: 'D', icon: 'target', features: ['\u200b', '\u2060\ufeff', ' Real feature '] });
    expect(parsed.features).toEqual(['Real feature']);
  });
});

describe('service form', () => {
  it('sends features one per line, trimmed, blank lines dropped, and the sort order as a whole number', () => {
    const values = { ...formValuesOf(serviceFormFields, null), title: 'T', features: 'Funnel review\r\n\n   \n  Channel mix  \nPricing', sortOrder: ' -3 ' };
    expect(payloadOf(serviceFormFields, values)).toEqual({
      title: 'T',
      description: '',
      icon: '',
      sortOrder: -3,
      features: ['Funnel review', 'Channel mix', 'Pricing'],
      isActive: true,
    });
  });

  it('sends a sort order that is not a whole number as 0, and a fraction cut to its whole part', () => {
    const send = (sortOrder: string) => payloadOf(serviceFormFields, { ...formValuesOf(serviceFormFields, null), sortOrder }).sortOrder;
    expect(send('12')).toBe(12);
    expect(send('7.9')).toBe(7);
    expect(send('')).toBe(0);
    expect(send('abc')).toBe(0);
  });

  it('starts a new service active, at sort order 0, and shows a stored one as it is', () => {
    expect(formValuesOf(serviceFormFields, null)).toEqual({ title: '', description: '', icon: '', sortOrder: '0', features: '', isActive: true });
    const stored: Service = { id: 3, title: 'T', description: 'D', icon: 'target', features: ['a', 'b'], isActive: false, sortOrder: 4, updatedAt: '2026-01-01T00:00:00.000Z' };
    expect(formValuesOf(serviceFormFields, stored)).toEqual({ title: 'T', description: 'D', icon: 'target', sortOrder: '4', features: 'a\nb', isActive: false });
  });

  it('defaults isActive to true and sortOrder to 0', () => {
    expect(serviceSchema.parse({ title: 'T', description: 'D', icon: 'target', features: [] })).toMatchObject({ isActive: true, sortOrder: 0 });
  });

  it('rejects a sort order beyond the bound with a message for the field', () => {
    const parsed = serviceSchema.safeParse({ title: 'T', description: 'D', icon: 'target', features: [], sortOrder: 99_999_999_999 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['sortOrder'], message: 'Sort order must be at most 1000000' });
  });
});
