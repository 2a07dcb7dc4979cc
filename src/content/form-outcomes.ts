/**
 * What a visitor is told once the enquiry or newsletter form is sent: the toasts the islands
 * raise (word for word as the firm has them), which a plain form post's page shows in their place.
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
