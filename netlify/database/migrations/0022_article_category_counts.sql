-- The Insights list shows how many articles each category has published. Counting them on every
-- request read every published article, so the page slowed as the archive grew. The database keeps
-- the counts itself instead, one row per category, so every path that writes articles (the admin
-- panel, a migration, a hand-run statement) keeps them, and a reader reads a handful of rows. A
-- count may reach 0 and stay: readers take the categories above 0.
create table article_category_counts (
  category text primary key,
  published integer not null check (published >= 0)
);

insert into article_category_counts (category, published)
select category, count(*)::integer from articles where is_published group by category;

-- Statement-level, over the statement's transition tables: a statement that writes many articles
-- changes each category's count once, not once per article. Each change is one insert of the
-- categories' deltas ordered by category, so two statements lock the counts' rows in the same order
-- and never wait on each other in a cycle. The proposed row holds 0 for a negative delta, which the
-- update then adds from the deltas: a row is checked against `published >= 0` before the conflict
-- is found, so the negative delta itself would fail the check.
create function keep_article_category_counts() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from article_category_counts;
  elsif tg_op = 'INSERT' then
    with deltas as (
      select category, count(*)::integer as delta from new_rows where is_published group by category
    )
    insert into article_category_counts as c (category, published)
    select category, delta from deltas order by category
    on conflict (category) do update set published = c.published + excluded.published;
  elsif tg_op = 'DELETE' then
    with deltas as (
      select category, -count(*)::integer as delta from old_rows where is_published group by category
    )
    insert into article_category_counts as c (category, published)
    select category, 0 from deltas order by category
    on conflict (category) do update set published = c.published + (select d.delta from deltas d where d.category = excluded.category);
  else
    with deltas as (
      select category, sum(delta)::integer as delta
      from (
        select category, 1 as delta from new_rows where is_published
        union all
        select category, -1 from old_rows where is_published
      ) changes
      group by category
      having sum(delta) <> 0
    )
    insert into article_category_counts as c (category, published)
    select category, greatest(delta, 0) from deltas order by category
    on conflict (category) do update set published = c.published + (select d.delta from deltas d where d.category = excluded.category);
  end if;
  return null;
end
$$;

create trigger articles_count_inserted_by_category
after insert on articles referencing new table as new_rows
for each statement execute function keep_article_category_counts();

create trigger articles_count_updated_by_category
after update on articles referencing old table as old_rows new table as new_rows
for each statement execute function keep_article_category_counts();

create trigger articles_count_deleted_by_category
after delete on articles referencing old table as old_rows
for each statement execute function keep_article_category_counts();

create trigger articles_count_truncated_by_category
after truncate on articles
for each statement execute function keep_article_category_counts();
