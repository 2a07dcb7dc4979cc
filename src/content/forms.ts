/**
 * The words of the public forms as a visitor reads and hears them: the enquiry form (the Get in
 * Touch dialog and /contact) and the newsletter sign-up. What they say once sent is in
 * form-outcomes.ts.
 */

/** Labels word for word as the firm's forms have them; Message is required though unstarred. */
export const enquiryForm = {
  labels: {
    firstName: 'First Name *',
    lastName: 'Last Name *',
    email: 'Email *',
    phone: 'Phone *',
    company: 'Company *',
    message: 'Message',
  },
  messagePlaceholder: 'Tell us about your business and your goals',
  send: 'Send Message',
  sending: 'Sending...',
} as const;

export const newsletterForm = {
  /** Heard, not seen: the placeholder says it on screen. */
  emailLabel: 'Email address',
  placeholder: 'Enter your email',
  subscribe: 'Subscribe',
  /** The button shows an ellipsis while the sign-up is sent; this is what it is called meanwhile. */
  subscribing: 'Subscribing',
  pendingMark: '…',
} as const;

/** The field only bots fill in, hidden from people (both forms). */
export const honeypotLabel = 'Website';
