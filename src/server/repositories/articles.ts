import { sql, type Kysely } from 'kysely';
import type { ArticleRow, ArticleUpdate, Database, NewArticle } from '../db/schema.ts';

/** Newest first. Published only unless an admin asks for drafts too. */
export function listArticles(db: Kysely<Database>, { publishedOnly }: { publishedOnly: boolean }): Promise<ArticleRow[]> {
  let q = db.selectFrom('articles').selectAll();
  if (publishedOnly) q = q.where('isPublished', '=', true);
  return q.orderBy('publishedAt', 'desc').orderBy('id', 'desc').execute();
}

export function findArticle(db: Kysely<Database>, id: number): Promise<ArticleRow | undefined> {
  return db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// Public read functions for the Insights pages, sitemap and feed. Each page request runs exactly
// one of these (one SQL query), selecting only the columns that page renders, and none of them
// can return a draft.
// ---------------------------------------------------------------------------------------------

const CARD_COLUMNS = [
  'id',
  'slug',
  'title',
  'description',
  'category',
  'author',
  'imageUrl',
  'youtubeUrl',
  'readTime',
  'isFeatured',
  'publishedAt',
] as const satisfies readonly (keyof ArticleRow)[];

const DETAIL_COLUMNS = [
  ...CARD_COLUMNS,
  'content',
  'metaTitle',
  'metaDescription',
  'tags',
  'updatedAt',
] as const satisfies readonly (keyof ArticleRow)[];

const FEED_COLUMNS = [
  'id',
  'slug',
  'title',
  'description',
  'content',
  'author',
  'category',
  'publishedAt',
  'updatedAt',
] as const satisfies readonly (keyof ArticleRow)[];

const LINK_COLUMNS = ['id', 'slug', 'updatedAt'] as const satisfies readonly (keyof ArticleRow)[];

export type ArticleCard = Pick<ArticleRow, (typeof CARD_COLUMNS)[number]>;
export type PublishedArticle = Pick<ArticleRow, (typeof DETAIL_COLUMNS)[number]>;
export type FeedArticle = Pick<ArticleRow, (typeof FEED_COLUMNS)[number]>;
export type ArticleLink = Pick<ArticleRow, (typeof LINK_COLUMNS)[number]>;

/** Postgres integer range; a larger all-digit key can only be a slug. */
const MAX_ID = 2_147_483_647;
/** Longer keys are not worth a query: no id or sensible slug is this long. */
const MAX_KEY_LENGTH = 200;

function publishedArticles(db: Kysely<Database>) {
  return db.selectFrom('articles').where('isPublished', '=', true);
}

/** The Insights list: every published article, newest first, with what a card shows. */
export function listPublishedArticleCards(db: Kysely<Database>): Promise<ArticleCard[]> {
  return publishedArticles(db)
    .select([...CARD_COLUMNS])
    .orderBy('publishedAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * One published article by its URL key: an all-digit key is an id (or, failing that, a slug made of
 * digits); anything else is a slug. Drafts, unknown and malformed keys all answer undefined, in one
 * query.
 */
export async function findPublishedArticleByIdOrSlug(
  db: Kysely<Database>,
  idOrSlug: string,
): Promise<PublishedArticle | undefined> {
  const key = idOrSlug.trim();
  if (!key || key.length > MAX_KEY_LENGTH) return undefined;
  const id = /^[1-9]\d{0,9}$/.test(key) && Number(key) <= MAX_ID ? Number(key) : null;

  const query = publishedArticles(db).select([...DETAIL_COLUMNS]);
  if (id === null) return query.where('slug', '=', key).executeTakeFirst();
  return (
    query
      .where((eb) => eb.or([eb('id', '=', id), eb('slug', '=', key)]))
      // The id match wins over another article whose slug happens to be the same digits.
      .orderBy(sql`(id = ${id})`, 'desc')
      .limit(1)
      .executeTakeFirst()
  );
}

/** The RSS feed: the newest published articles with their full body. */
export function listPublishedArticlesForFeed(db: Kysely<Database>, limit: number): Promise<FeedArticle[]> {
  return publishedArticles(db)
    .select([...FEED_COLUMNS])
    .orderBy('publishedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The sitemap: every published article's URL key and last change. */
export function listPublishedArticleLinks(db: Kysely<Database>): Promise<ArticleLink[]> {
  return publishedArticles(db).select([...LINK_COLUMNS]).orderBy('publishedAt', 'desc').orderBy('id', 'desc').execute();
}

// ---------------------------------------------------------------------------------------------
// Admin writes (the admin panel's Articles tab). The caller validates and sanitises the values.
// ---------------------------------------------------------------------------------------------

export function createArticle(db: Kysely<Database>, values: NewArticle): Promise<ArticleRow> {
  return db.insertInto('articles').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateArticle(db: Kysely<Database>, id: number, values: ArticleUpdate): Promise<ArticleRow | undefined> {
  return db
    .updateTable('articles')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteArticle(db: Kysely<Database>, id: number): Promise<boolean> {
  const r = await db.deleteFrom('articles').where('id', '=', id).executeTakeFirst();
  return r.numDeletedRows > 0n;
}
