-- The key the admin panel's create form sends with the article or service it creates (a UUID, one
-- per opened form, the same on every retry of it), so a Create pressed again after its first answer
-- was lost after the commit finds the row stored rather than storing it twice (an article without a
-- slug is published at once). Null for rows created without one (API clients that send none, and
-- every row from before this). Unique among the rows that have one; POST /api/articles and
-- POST /api/services insert with ON CONFLICT on these indexes.
alter table articles add column submission_id uuid;
create unique index articles_submission_id_key on articles (submission_id) where submission_id is not null;
alter table services add column submission_id uuid;
create unique index services_submission_id_key on services (submission_id) where submission_id is not null;
