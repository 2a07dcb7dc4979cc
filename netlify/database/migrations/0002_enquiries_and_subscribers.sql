-- One name from the button to the table: a prospect's message is an enquiry, a newsletter address
-- a subscriber. The API paths (/api/contacts, /api/newsletter) stay as published.
alter table contacts rename to enquiries;
alter sequence contacts_id_seq rename to enquiries_id_seq;
alter index contacts_pkey rename to enquiries_pkey;

alter table newsletters rename to subscribers;
alter sequence newsletters_id_seq rename to subscribers_id_seq;
alter index newsletters_pkey rename to subscribers_pkey;
alter index newsletters_email_lower_key rename to subscribers_email_lower_key;
