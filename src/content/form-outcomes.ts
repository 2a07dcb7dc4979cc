import { contact } from './site.ts';

/**
 * What a visitor is told once the enquiry or newsletter form is sent: the toasts the islands
 * raise (word for word as the firm has them), which a plain form post's page shows in their place,
 * and the server's refusals, which both give as the reason (`refused`).
 */
export const enquiryOutcome = {
  sentTitle: 'Message sent successfully!',
  sentText: "We'll get back to you within 24 hours.",
  failedTitle: 'Failed to send message',
  /** When the form's own code could not load, so nothing was sent. */
  failedText: 'Please try again later.',
  /** Above a form the server sent back with fields to correct. */
  checkFields: 'Your message was not sent. Please check the highlighted fields.',
  /** Above a form the server sent back for a reason no field can fix: the failure toast's words on one line. */
  refused: (reason: string) => `Failed to send message: ${reason}`,
} as const;

export const newsletterOutcome = {
  sentTitle: 'Successfully subscribed!',
  sentText: "You'll receive our weekly marketing insights.",
  failedTitle: 'Subscription failed',
  failedText: 'Please try again later.',
  /** Below a form the server sent back for a reason no address can fix: the failure toast's words on one line. */
  refused: (reason: string) => `Subscription failed: ${reason}`,
} as const;

// The refusals stand apart from the toasts: the server alone says them, so the islands that import
// the toasts carry none of them.

export const enquiryRefusals = {
  /** The firm's address in full: the dialog covers the page's contact details, and the toast fades. */
  overLimit: `Too many messages from your network in the last hour. Please try again later or email us at ${contact.email}.`,
} as const;

export const newsletterRefusals = {
  overLimit: 'Too many sign-ups from your network in the last hour. Please try again later.',
  alreadySubscribed: 'This email address is already subscribed.',
} as const;
