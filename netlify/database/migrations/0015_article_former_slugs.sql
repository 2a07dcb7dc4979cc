-- A published article's address is shared, bookmarked and indexed: when its slug changes, the old
-- /insights/{slug} answers a permanent redirect to the article rather than 'Article Not Found'.
-- The database keeps the former slugs itself, so every path that changes a slug keeps them. A former
-- slug a live article takes later is that article's page (live slugs are read first); when an
-- article gives up a slug another once had, the slug moves to it. Deleting an article drops its
-- former slugs.
create table article_former_slugs (
  slug text primary key,
  article_id integer not null references articles (id) on delete cascade,
  moved_at timestamptz not null default now()
);
create index article_former_slugs_article_id on article_former_slugs (article_id);

create function keep_article_former_slug() returns trigger language plpgsql as $$
begin
  insert into article_former_slugs (slug, article_id) values (old.slug, new.id)
  on conflict (slug) do update set article_id = excluded.article_id, moved_at = now();
  return null;
end
$$;

create trigger articles_keep_former_slug
after update of slug on articles
for each row when (old.slug is not null and old.slug is distinct from new.slug)
execute function keep_article_former_slug();
