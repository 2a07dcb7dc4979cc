/**
 * The hidden defaults each enquiry trigger hands the 'Get in Touch' dialog
 * (service, page, button label), stored with the enquiry. Pages read these instead of repeating the strings; the
 * package cards derive theirs from src/content/packages.ts.
 */
import type { EnquiryContext } from '../schemas/enquiry';

export const enquiryTriggers = {
  homeHero: {
    service: 'Marketing Strategy Assessment',
    page: 'Home',
    ctaButton: 'Free Marketing Strategy Assessment',
  },
  homeClosing: { service: 'General Consultation', page: 'Home', ctaButton: 'Book a Consultation' },
  services: { service: 'Service Consultation', page: 'Services', ctaButton: 'Book a Consultation' },
  customSolution: {
    service: 'Custom Solution',
    page: 'Packages',
    ctaButton: 'Schedule a Custom Consultation',
  },
  partners: { service: 'Partnership Inquiry', page: 'Partners', ctaButton: 'Become a Partner' },
  insights: { service: 'Strategic Discussion', page: 'Insights', ctaButton: 'Start a Conversation' },
  /** The contact page's 'Claim Your Free Assessment' opens the dialog with the hero's service. */
  contactAssessment: {
    service: 'Marketing Strategy Assessment',
    page: 'Contact',
    ctaButton: 'Claim Your Free Assessment',
  },
  /** The form embedded on /contact (not a dialog trigger, same payload shape). */
  contactPageForm: { service: 'General Enquiry', page: 'Contact', ctaButton: 'Send Message' },
} as const satisfies Record<string, EnquiryContext>;

export const enquiryDialog = {
  title: 'Get in Touch',
  description:
    "Tell us a little about your business and what you'd like to achieve. A senior consultant will reply within 24 hours.",
} as const;
