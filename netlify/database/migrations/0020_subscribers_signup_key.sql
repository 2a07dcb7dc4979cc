-- The key of the plain form post (no JavaScript) that last subscribed an address: a UUID derived
-- from the sender's address, the e-mail address and the ten-minute window it arrived in
-- (src/server/http/plain-post-key.ts). The same form posted again (a double click, a resubmission
-- after a lost answer) derives the same key, so POST /api/newsletter answers it as the sign-up it
-- repeats rather than as 'already subscribed'. Null for a sign-up the island (JSON) made, and for
-- every row from before this. Looked up with the address, through subscribers_email_lower_key.
alter table subscribers add column signup_key uuid;
