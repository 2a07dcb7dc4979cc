import { describe, expect, it } from 'vitest';
import { enquirySchema } from './enquiry';
import { fieldIssues } from './fields';
import { newsletterSchema } from './newsletter';
import { sampleEnquiry } from '../../tests/support/sample-enquiry';

const valid = sampleEnquiry('ada@example.com');

describe('enquirySchema', () => {
  it('accepts a complete enquiry and trims text', () => {
    const result = enquirySchema.parse({ ...valid, firstName: '  Ada  ', email: ' ada@example.com ' });
    expect(result.firstName).toBe('Ada');
    expect(result.email).toBe('ada@example.com');
  });

  it("answers 'Required' for every missing or blank required field", () => {
    const result = enquirySchema.safeParse({ firstName: '   ' });
    expect(result.success).toBe(false);
    expect(fieldIssues(result.error!)).toEqual({
      firstName: 'Required',
      lastName: 'Required',
      email: 'Required',
      phone: 'Required',
      company: 'Required',
      message: 'Required',
    });
  });

  it('keeps service, page and ctaButton optional', () => {
    const { service, page, ctaButton, ...rest } = valid;
    expect(enquirySchema.safeParse(rest).success).toBe(true);
  });

  it('rejects a malformed email', () => {
    const result = enquirySchema.safeParse({ ...valid, email: 'not-an-email' });
    expect(fieldIssues(result.error!)).toEqual({ email: 'Invalid email' });
  });

  it('bounds every field', () => {
    const long = (n: number) => 'x'.repeat(n + 1);
    const result = enquirySchema.safeParse({
      firstName: long(100),
      lastName: long(100),
      email: `${long(250)}@example.com`,
      phone: long(40),
      company: long(200),
      message: long(5000),
      service: long(200),
      page: long(200),
      ctaButton: long(200),
    });
    expect(Object.keys(fieldIssues(result.error!)).sort()).toEqual(
      ['company', 'ctaButton', 'email', 'firstName', 'lastName', 'message', 'page', 'phone', 'service'].sort(),
    );
  });

  it('passes a filled honeypot through for the server to discard silently', () => {
    const result = enquirySchema.safeParse({ ...valid, website: 'https://spam.example' });
    expect(result.success && result.data.website).toBe('https://spam.example');
  });
});

describe('newsletterSchema', () => {
  it('requires a valid email', () => {
    expect(fieldIssues(newsletterSchema.safeParse({}).error!)).toEqual({ email: 'Required' });
    expect(fieldIssues(newsletterSchema.safeParse({ email: 'nope' }).error!)).toEqual({ email: 'Invalid email' });
    expect(newsletterSchema.parse({ email: ' Reader@Example.com ', website: '' }).email).toBe('Reader@Example.com');
  });
});
