/**
 * An enquiry as GET /api/enquiries lists it, for the tests that serve the Enquiries tab its answers
 * themselves: a state that cannot be made in time or on cue (a notice that used up its eight
 * attempts, a lead another admin deletes meanwhile), or a row a layout check needs as it is.
 */
export function servedEnquiry(id: number, firstName: string, lastName: string, email: string, company = 'Compilers & Co') {
  return {
    id,
    firstName,
    lastName,
    email,
    phone: '+61 400 111 222',
    company,
    message: 'About our brief',
    service: 'Marketing Consulting',
    page: 'Services',
    ctaButton: 'Book a Consultation',
    status: 'new',
    createdAt: new Date().toISOString(),
    notice: null as null | { status: string; attempts: number; lastError: string | null; sentAt: string | null },
  };
}
