/** The columns of the Enquiries and Subscribers CSV exports: one row a record, times in ISO 8601. */
import { enquiryFieldLabels } from '../content/leads.ts';
import type { EnquiryRecord } from '../schemas/enquiry.ts';
import type { Subscriber } from '../schemas/subscriber.ts';
import type { CsvColumn } from './http/csv.ts';

const field = (name: keyof typeof enquiryFieldLabels): CsvColumn<EnquiryRecord> => ({ header: enquiryFieldLabels[name], value: (e) => e[name] });

export const enquiryCsvColumns: readonly CsvColumn<EnquiryRecord>[] = [
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
  { header: 'Notice', value: (e) => e.notice?.status ?? null },
  { header: 'Notice error', value: (e) => (e.notice?.status === 'failed' ? e.notice.lastError : null) },
];

export const subscriberCsvColumns: readonly CsvColumn<Subscriber>[] = [
  { header: 'Email', value: (s) => s.email },
  { header: 'Status', value: (s) => s.status },
  { header: 'Subscribed', value: (s) => s.subscribedAt },
  { header: 'Source page', value: (s) => s.sourcePage },
  { header: 'Unsubscribed', value: (s) => s.unsubscribedAt },
];
