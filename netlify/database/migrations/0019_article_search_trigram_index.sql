-- The admin Articles tab (and GET /api/articles?search=) finds its text anywhere in a title, a
-- description, an author or a slug (ILIKE '%text%'), which read every article, twice when nothing
-- matched (the page, then its count): 40 ms a statement at 10,000 articles. A trigram index over
-- the four (pg_trgm, created by 0018) answers a text of three characters or more from the index.
create index articles_search_idx on articles
  using gin (title gin_trgm_ops, description gin_trgm_ops, author gin_trgm_ops, slug gin_trgm_ops);
