/** The columns of the Enquiries and Subscribers CSV exports: one row a record, times in ISO 8601. */
import { enquiryFieldLabels } from '../content/leads.ts';
import type { Enquiry } from '../schemas/enquiry.ts';
import type { OutboxMessage } from '../schemas/outbox.ts';
import type { Subscriber } from '../schemas/subscriber.ts';
import type { CsvColumn } from './http/csv.ts';

/** A lead's latest message as two columns: its status, and why it failed when it did. */
function messageColumns<T>(label: string, message: (lead: T) => OutboxMessage | null): CsvColumn<T>[] {
  return [
    { header: label, value: (lead) => message(lead)?.status ?? null },
    {
      header: `${label} error`,
      value: (lead) => {
        const m = message(lead);
        return m?.status === 'failed' ? m.lastError : null;
      },
    },
  ];
}

const field = (name: keyof typeof enquiryFieldLabels): CsvColumn<Enquiry> => ({ header: enquiryFieldLabels[name], value: (e) => e[name] });

export const enquiryCsvColumns: readonly CsvColumn<Enquiry>[] = [
  { header: 'ID', value: (e) => e.id },
  { header: 'Received', value: (e) => e.createdAt },
  { header: 'Status', value: (e) => e.status },
  field('firstName'),
  field('lastName'),
  field('email'),
  field('phone'),
  field('company'),
  field('service'),
  field('page'),
  field('ctaButton'),
  field('message'),
  ...messageColumns<Enquiry>('Notice', (e) => e.notice),
];

export const subscriberCsvColumns: readonly CsvColumn<Subscriber>[] = [
  { header: 'Email', value: (s) => s.email },
  { header: 'Status', value: (s) => s.status },
  { header: 'Subscribed', value: (s) => s.subscribedAt },
  { header: 'Source page', value: (s) => s.sourcePage },
  { header: 'Unsubscribed', value: (s) => s.unsubscribedAt },
  ...messageColumns<Subscriber>('Welcome', (s) => s.welcome),
];
