-- The catalogue tables the seed has filled from the site's copy (src/content). The seed fills a
-- table only while it is not listed here, so an admin who deletes every service does not get the
-- copy's services back at the next deploy. A table that holds rows already counts as filled.
create table seeded_tables (
  name text primary key,
  seeded_at timestamptz not null default now()
);

insert into seeded_tables (name) select 'services' where exists (select 1 from services);
insert into seeded_tables (name) select 'packages' where exists (select 1 from packages);
insert into seeded_tables (name) select 'team_members' where exists (select 1 from team_members);
insert into seeded_tables (name) select 'company_stats' where exists (select 1 from company_stats);
insert into seeded_tables (name) select 'site_content' where exists (select 1 from site_content);
