-- The admin lists' search finds its text anywhere in a name, an address or a company (ILIKE
-- '%text%'), which no btree index can answer: every search read the whole table, twice (the page
-- and its count), 150-440 ms at 200,000 enquiries and more as the inbox grows. Trigram indexes
-- answer a contained text of three characters or more from the index; shorter texts still read the
-- table, as before. pg_trgm is a trusted extension: Neon, Netlify Database, PostgreSQL's contrib and
-- the embedded PGlite (which loads it at start) all let the migration create it.
create extension if not exists pg_trgm;

-- The expressions the searches compare (src/server/repositories/enquiries.ts and subscribers.ts
-- matches), written as they are there so the planner matches them: the name as first and last
-- name joined by a space, so 'ada love' finds Ada Lovelace.
create index enquiries_search_idx on enquiries
  using gin ((first_name || ' ' || last_name) gin_trgm_ops, email gin_trgm_ops, company gin_trgm_ops);
create index subscribers_email_search_idx on subscribers using gin (email gin_trgm_ops);
