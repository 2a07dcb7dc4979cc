/**
 * The words of the lead path after a visitor sends a form: the e-mail notice the firm receives for
 * each enquiry, the welcome a new subscriber receives, the unsubscribe page, and the admin panel's
 * Enquiries and Subscribers tabs.
 */
import { FIRM_TIME_ZONE } from '../lib/firm-time.ts';
import { contact, firm } from './site.ts';

/** Labels of an enquiry's fields, in the order the notice, the admin panel and the CSV show them. */
export const enquiryFieldLabels = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  company: 'Company',
  service: 'Service',
  page: 'Page',
  ctaButton: 'Button',
  message: 'Message',
} as const;

export const enquiryNoticeText = {
  subject: (name: string, company: string) => `New enquiry from ${name} (${company})`,
  intro: 'A new enquiry arrived through the website. Reply to this message to answer the sender directly.',
  /** Followed by the time in the firm's own zone, as the admin panel shows it: 'Received (Sydney time)'. */
  received: `Received (${FIRM_TIME_ZONE.split('/').pop()!.replaceAll('_', ' ')} time)`,
  promise: contact.replyPromise,
} as const;

export const welcomeText = {
  subject: `Welcome to the ${firm.name} newsletter`,
  body: (unsubscribeUrl: string) =>
    [
      `Thank you for subscribing to the ${firm.name} newsletter.`,
      '',
      'You will receive our weekly marketing insights at this address.',
      '',
      `If you did not subscribe, or no longer wish to hear from us, unsubscribe here: ${unsubscribeUrl}`,
      '',
      firm.legalName,
    ].join('\n'),
} as const;

export const unsubscribePage = {
  confirmTitle: 'Unsubscribe from the newsletter?',
  confirmText: (email: string) => `${email} will receive no more newsletters from ${firm.name}.`,
  confirmButton: 'Unsubscribe',
  doneTitle: 'You have been unsubscribed',
  doneText: `This address will receive no more newsletters from ${firm.name}. You can subscribe again at any time on our Insights page.`,
  unavailableTitle: 'We could not unsubscribe you just now',
  unavailableText: 'Nothing has changed yet. Please try again in a moment.',
  retryButton: 'Try again',
  invalidTitle: 'This unsubscribe link is not valid',
  invalidText: 'The link may be incomplete or out of date. Write to us and we will remove your address by hand.',
  /** The invalid link's way out: a message to the firm, its subject already said. */
  writeToUs: { label: `Email ${contact.email}`, href: `mailto:${contact.email}?subject=${encodeURIComponent('Unsubscribe me from the newsletter')}` },
  back: 'Back to Insights',
} as const;

export const enquiriesTab = {
  tab: 'Enquiries',
  heading: 'Enquiries',
  noun: 'enquiry',
  nouns: 'enquiries',
  listLabel: 'Enquiries',
  badgeLabel: (n: number) => `${n} new`,
  searchLabel: 'Search enquiries',
  searchPlaceholder: 'Name, email or company',
  /** The status filter's label, and the status line's in an open enquiry. */
  status: 'Status',
  statusLabels: { new: 'New', handled: 'Handled', archived: 'Archived' },
  allStatuses: 'All',
  changeStatus: (name: string) => `Status of ${name}'s enquiry`,
  open: (name: string) => `Open ${name}'s enquiry`,
  /** The open enquiry's scrolling part (its fields and message), named for the keyboard stop it is. */
  details: 'Enquiry details',
  close: 'Close',
  reply: 'Reply by email',
  replySubject: 'Re: your enquiry',
  statusChanged: (statusLabel: string) => `Enquiry marked ${statusLabel.toLowerCase()}`,
  statusChangeFailed: 'Error updating enquiry',
  received: 'Received',
  /** The firm's e-mail notice of an enquiry, while its attempts fail and when it gave up. */
  notice: {
    retrying: (attempts: number) => `Notice not sent yet (tried ${attempts === 1 ? 'once' : `${attempts} times`}, trying again)`,
    notSent: 'Notice not sent',
    resend: 'Send notice again',
    requeued: { title: 'Notice queued', description: 'It is being sent again now.' },
    resendFailed: 'Could not send the notice again',
  },
  /** The button's accessible name: its visible words first (what a voice user says to press it), then whose. */
  resendNoticeFor: (name: string) => `Send notice again for ${name}'s enquiry`,
  exportCsv: 'Export CSV',
  empty: 'No enquiries yet. They appear here as soon as a visitor sends the enquiry form.',
  deleteQuestion: (name: string) => `Delete ${name}'s enquiry for good? This cannot be undone.`,
} as const;

export const subscribersTab = {
  tab: 'Subscribers',
  heading: 'Subscribers',
  noun: 'subscriber',
  nouns: 'subscribers',
  listLabel: 'Subscribers',
  count: (n: number) => `${n} ${n === 1 ? 'subscriber' : 'subscribers'}`,
  searchLabel: 'Search subscribers',
  searchPlaceholder: 'Email address',
  status: 'Status',
  statusLabels: { subscribed: 'Subscribed', unsubscribed: 'Unsubscribed' },
  allStatuses: 'All',
  subscribed: 'Subscribed',
  from: 'From',
  unknownPage: 'unknown page',
  /** The subscriber's welcome, while its attempts fail and when it gave up. */
  welcome: {
    retrying: (attempts: number) => `Welcome not sent yet (tried ${attempts === 1 ? 'once' : `${attempts} times`}, trying again)`,
    notSent: 'Welcome not sent',
    resend: 'Send welcome again',
    requeued: { title: 'Welcome queued', description: 'It is being sent again now.' },
    resendFailed: 'Could not send the welcome again',
  },
  /** The button's accessible name: its visible words first (what a voice user says to press it), then whose. */
  resendWelcomeFor: (email: string) => `Send welcome again to ${email}`,
  exportCsv: 'Export CSV',
  empty: 'No subscribers yet.',
  deleteQuestion: (email: string) => `Delete ${email} for good? This cannot be undone.`,
} as const;
