-- Insights at scale: the public list (newest first, 12 a page at any offset), a category's list,
-- the per-category counts and the sitemap read published rows only, in the list's order; these
-- partial indexes answer each as an index scan at 10,000 articles. The admin list (drafts too)
-- reads the same order without the condition.
create index articles_published_order_idx on articles (published_at desc, id desc) where is_published;
create index articles_published_category_order_idx on articles (category, published_at desc, id desc) where is_published;
create index articles_order_idx on articles (published_at desc, id desc);
-- Superseded by the first: every published-only read filters and orders this way.
drop index articles_published_idx;
