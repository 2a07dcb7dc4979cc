-- Leads reach the firm: each enquiry has a status in the admin inbox, each outgoing message (the
-- enquiry notice, a subscriber's welcome) is a row of the outbox committed with what caused it, and
-- each subscription records its consent (when, from which page) and whether it still stands.

alter table enquiries
  add column status text not null default 'new'
    constraint enquiries_status_check check (status in ('new', 'handled', 'archived'));

-- The inbox: newest first, whole or by status, at any page.
create index enquiries_order_idx on enquiries (created_at desc, id desc);
create index enquiries_status_order_idx on enquiries (status, created_at desc, id desc);

alter table subscribers
  add column subscribed_at timestamptz,
  add column source_page text,
  add column status text not null default 'subscribed'
    constraint subscribers_status_check check (status in ('subscribed', 'unsubscribed')),
  add column unsubscribed_at timestamptz;
update subscribers set subscribed_at = created_at;
alter table subscribers alter column subscribed_at set not null, alter column subscribed_at set default now();

create index subscribers_order_idx on subscribers (subscribed_at desc, id desc);

-- One row per message to send. The sender claims due pending rows (FOR UPDATE SKIP LOCKED), so
-- several senders never send one message twice; a row that keeps failing ends 'failed' with the
-- reason. Deleting an enquiry or a subscriber deletes its messages (privacy requests).
create table outbox (
  id serial primary key,
  kind text not null,
  payload jsonb not null,
  status text not null default 'pending' constraint outbox_status_check check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  enquiry_id integer references enquiries (id) on delete cascade,
  subscriber_id integer references subscribers (id) on delete cascade
);
create index outbox_due_idx on outbox (next_attempt_at) where status = 'pending';
create index outbox_enquiry_idx on outbox (enquiry_id) where enquiry_id is not null;
create index outbox_subscriber_idx on outbox (subscriber_id) where subscriber_id is not null;
