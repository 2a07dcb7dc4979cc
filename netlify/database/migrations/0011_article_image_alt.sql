-- What an article's image shows, for readers who cannot see it: its alt text on the article page
-- and in link previews. Null (every article before it) keeps the image decorative.
alter table articles add column image_alt text;
