import { enquiryFieldLabels, enquiryNoticeText } from '../../content/leads.ts';
import { firmTime } from '../../lib/firm-time.ts';
import { enquirerName, type EnquiryValues } from '../../schemas/enquiry.ts';
import type { QueuedMessage } from './message.ts';

/**
 * The firm's notice of one enquiry: the subject names the person and the company, Reply-To is the
 * enquirer (so 'Reply' answers them), and the body holds every field, the message last and whole.
 * No recipient: each attempt sends it to NOTIFY_EMAIL as it then stands (message.ts addressed).
 */
export function enquiryNotice(enquiry: EnquiryValues, receivedAt: Date): QueuedMessage {
  const name = enquirerName(enquiry);
  const lines = Object.entries(enquiryFieldLabels)
    .filter(([field]) => field !== 'message')
    .map(([field, label]) => `${label}: ${enquiry[field as keyof EnquiryValues] || '-'}`);
  const text = [
    enquiryNoticeText.intro,
    '',
    ...lines,
    `${enquiryNoticeText.received}: ${firmTime(receivedAt.toISOString())}`,
    '',
    `${enquiryFieldLabels.message}:`,
    enquiry.message,
    '',
    enquiryNoticeText.promise,
  ].join('\n');
  return { subject: enquiryNoticeText.subject(name, enquiry.company), replyTo: enquiry.email, text };
}
