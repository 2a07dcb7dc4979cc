-- The key the enquiry form sends with each enquiry it writes (a UUID, the same on every retry of
-- it), so a retry whose first answer was lost after the commit finds the enquiry stored rather
-- than storing it, and queueing its notice, twice. Null for enquiries sent without one (the plain
-- form post, older clients and every row from before this). Unique among the rows that have one;
-- POST /api/contacts inserts with ON CONFLICT on this index.
alter table enquiries add column submission_id uuid;
create unique index enquiries_submission_id_key on enquiries (submission_id) where submission_id is not null;
