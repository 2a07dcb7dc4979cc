// One valid enquiry for tests and smoke checks that need the API to accept one; each gets an address
// of its own (a fresh one unless the caller names it), so that rate limits and lookups by email stay apart.
import type { EnquiryInput } from '../../src/schemas/enquiry.ts';
import { unique } from './unique.ts';

// Every field a string (not EnquiryInput's optional ones), so a plain form post can send it as is.
export function sampleEnquiry(email = `ada.${unique()}@example.com`) {
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
