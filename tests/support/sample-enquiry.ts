// One valid enquiry for tests and smoke checks that need the API to accept one; each caller gives
// its own address so that rate limits and lookups by email stay apart.
import type { EnquiryInput } from '../../src/schemas/enquiry.ts';

// Every field a string (not EnquiryInput's optional ones), so a plain form post can send it as is.
export function sampleEnquiry(email: string) {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    phone: '+61 400 000 000',
    company: 'Analytical Engines',
    message: 'We would like to talk about our go-to-market.',
    service: 'Marketing Strategy Assessment',
    page: 'Home',
    ctaButton: 'Free Marketing Strategy Assessment',
  } satisfies EnquiryInput;
}
