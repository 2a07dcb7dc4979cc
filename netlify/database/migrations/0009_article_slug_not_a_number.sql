-- /insights/{key} reads a number as an article id, so a slug of digits alone would name two
-- articles at once (its own and the one with that id). Such slugs become 'article-<digits>' (or
-- none, where that is taken: the article stays reachable at its id), and the table refuses new ones.
update articles set slug = 'article-' || slug
where slug ~ '^[0-9]+$' and not exists (select 1 from articles taken where taken.slug = 'article-' || articles.slug);
update articles set slug = null where slug ~ '^[0-9]+$';
alter table articles add constraint articles_slug_not_a_number check (slug !~ '^[0-9]+$');
