-- An article is published in 1970 or later. A time before year 1 (an API client's '0000-01-01')
-- was stored as a BC date that the list pages could not read back, taking /insights down; such
-- rows move to the earliest time allowed, and the table refuses new ones.
update articles set published_at = '1970-01-01T00:00:00Z' where published_at < '1970-01-01T00:00:00Z';
alter table articles add constraint articles_published_at_from_1970 check (published_at >= '1970-01-01T00:00:00Z');
