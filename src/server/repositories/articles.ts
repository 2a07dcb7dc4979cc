import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { SLUG_PATTERN, type Article, type ArticleCategory, type ArticleCreateValues, type ArticleValues } from '../../schemas/article.ts';
import { isObjectName } from '../../schemas/upload.ts';
import { storedArticleBody } from '../article-body.ts';
import { createOnce, type Creation } from '../db/create-once.ts';
import { containsPattern } from '../db/like.ts';
import { cutToPage, type PageQuery } from '../db/page.ts';
import { parseRowId } from '../db/row-id.ts';
import { updateUnlessSavedSince, type Edit } from '../db/row-version.ts';
import type { ArticleRow, Database, NewArticle } from '../db/schema.ts';

/**
 * The one row-to-API mapper: every article the API answers passes through it. Fields are listed
 * one by one, so a column or an API field added on one side only fails `tsc` here.
 */
function toArticle(row: ArticleRow): Article {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    content: row.content,
    author: row.author,
    category: row.category,
    imageUrl: row.imageUrl,
    imageAlt: row.imageAlt,
    youtubeUrl: row.youtubeUrl,
    readTime: row.readTime,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    tags: row.tags,
    slug: row.slug,
    isFeatured: row.isFeatured,
    isPublished: row.isPublished,
    publishedAt: row.publishedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One article by id, drafts included (the caller decides who may see a draft). */
export async function findArticle(db: Kysely<Database>, id: number): Promise<Article | undefined> {
  const row = await db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toArticle(row);
}

/** Every article list's order, newest first: the (published_at desc, id desc) of its indexes. */
const ARTICLE_ORDER = { time: 'publishedAt', id: 'id' } as const;

/** Which articles a list shows: published ones only, or drafts too; and, when searched, those whose title, description, author or slug holds the text. */
export interface ArticleFilter {
  publishedOnly: boolean;
  search?: string;
}

function matches(eb: ExpressionBuilder<Database, 'articles'>, { publishedOnly, search }: ArticleFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (publishedOnly) conditions.push(eb('isPublished', '=', true));
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(eb.or([eb('title', 'ilike', pattern), eb('description', 'ilike', pattern), eb('author', 'ilike', pattern), eb('slug', 'ilike', pattern)]));
  }
  return eb.and(conditions);
}

/**
 * One page of the articles a filter keeps, newest first, and the list's length, in one statement:
 * the count rides on each row (one uncorrelated subquery, counted once), so only a page past the
 * end needs a second look. Not a window over the rows (count(*) over ()): that read and held every
 * article the filter keeps, bodies and all, to hand out 25 (at 10,000 articles 12 MB, spilled to
 * disk, for each page of the admin list and each GET /api/articles). A deep page seeks as the
 * Insights list does: its first (published_at, id) is counted out along the index alone.
 */
export async function listArticlePage(db: Kysely<Database>, { page, pageSize, ...filter }: ArticleFilter & PageQuery): Promise<{ items: Article[]; total: number }> {
  const inList = () => db.selectFrom('articles').where((eb) => matches(eb, filter));
  const listLength = inList().select((eb) => eb.fn.countAll<string>().as('n'));
  const listed = await cutToPage(
    inList().selectAll().select(listLength.as('listLength')),
    ARTICLE_ORDER,
    { page, pageSize },
  ).execute();
  if (listed.length === 0) {
    const { n } = await listLength.executeTakeFirstOrThrow();
    return { items: [], total: Number(n) };
  }
  return { items: listed.map(({ listLength: _, ...row }) => toArticle(row)), total: Number(listed[0].listLength) };
}

/**
 * How an article refers to an upload, anywhere in its image or its body: '/objects/uploads/{name}'
 * as a path or inside an absolute URL, or percent-encoded inside the image CDN's address of it
 * (`/.netlify/images?url=%2Fobjects%2Fuploads%2F{name}&w=...`, what a copied image address holds).
 * One rule for the Delete button's check and the daily sweep. Reading a longer name as a use of
 * its first 32 characters only ever keeps an image.
 */
const UPLOAD_REFERENCE = '(?:/|%2f)objects(?:/|%2f)uploads(?:/|%2f)';
const referringText = sql<string>`coalesce(image_url, '') || ' ' || coalesce(content, '')`;

/** The articles, drafts included, that use the upload `name`, by the rule above. */
export function findArticlesUsingImage(db: Kysely<Database>, name: string): Promise<Pick<ArticleRow, 'id' | 'title'>[]> {
  // Only an object name (32 hex characters) may go into the pattern: as literal text.
  if (!isObjectName(name)) throw new Error(`Not an upload's name: ${JSON.stringify(name)}`);
  return db
    .selectFrom('articles')
    .select(['id', 'title'])
    .where(sql<boolean>`${referringText} ~* ${UPLOAD_REFERENCE + name}`)
    .orderBy('id')
    .execute();
}

/** The names of every upload an article uses (drafts too), by the rule above, in one scan. */
export async function listImageNamesInUse(db: Kysely<Database>): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`
    select distinct lower((regexp_matches(${referringText}, ${UPLOAD_REFERENCE + '([0-9a-f]{32})'}, 'gi'))[1]) as name
    from articles`.execute(db);
  return new Set(rows.map((row) => row.name));
}

// ---------------------------------------------------------------------------------------------
// Read functions for the Insights pages, sitemap and feed: each one query, selecting only the
// columns its page renders, so a published article's page, the list, the feed and the sitemap cost
// one query a request. Only findDraftArticleByIdOrSlug returns a draft (an admin's preview); an
// article address with no published article also asks for a former slug, then (a signed-in admin
// only) for a draft.
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
  'imageAlt',
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

/** Longer keys are not worth a query: no id or sensible slug is this long. */
const MAX_KEY_LENGTH = 200;

function publishedArticles(db: Kysely<Database>) {
  return db.selectFrom('articles').where('isPublished', '=', true);
}

/** The categories' published counts, as the articles' triggers keep them: a category at 0 has none. */
function publishedCounts(db: Kysely<Database>) {
  return db.selectFrom('articleCategoryCounts').where('published', '>', 0);
}

export interface ArticleCardPage {
  /** The page's cards, newest first (the requested category's only, when one was asked for). */
  cards: ArticleCard[];
  /** Published articles per category; a category with none is absent. */
  countsByCategory: Record<string, number>;
}

/**
 * One page of the Insights list with what a card shows, and the published count of every category,
 * in one statement: the counts from the table the articles' triggers keep (migration 0022), a row
 * per category whatever the number of articles, the page sought along the (category,)
 * published_at, id index (migration 0008), both returned as JSON columns of one row.
 */
export async function listPublishedArticleCardPage(
  db: Kysely<Database>,
  { category, page, pageSize }: { category: ArticleCategory | null } & PageQuery,
): Promise<ArticleCardPage> {
  const counts = publishedCounts(db).select(['category', 'published as count']);
  const inList = () => (category ? publishedArticles(db).where('category', '=', category) : publishedArticles(db));
  const cards = cutToPage(
    inList().select([...CARD_COLUMNS]),
    ARTICLE_ORDER,
    { page, pageSize },
  );
  const row = await db
    .selectNoFrom([jsonArrayFrom(counts).as('counts'), jsonArrayFrom(cards).as('cards')])
    .executeTakeFirstOrThrow();
  return {
    // JSON carries the timestamp as text.
    cards: row.cards.map((card) => ({ ...card, publishedAt: new Date(card.publishedAt) })),
    countsByCategory: Object.fromEntries(row.counts.map(({ category: name, count }) => [name, Number(count)])),
  };
}

/** The column and value an article page's key (`/insights/{id}` or `/insights/{slug}`) names, or null for a key no article can have. */
function pageKey(idOrSlug: string): { column: 'id'; value: number } | { column: 'slug'; value: string } | null {
  const key = idOrSlug.trim();
  if (!key || key.length > MAX_KEY_LENGTH) return null;
  // A number is an id: no slug is a number alone (the articles table refuses one).
  const id = parseRowId(key);
  if (id !== null) return { column: 'id', value: id };
  return SLUG_PATTERN.test(key) ? { column: 'slug', value: key } : null;
}

/** The article of a page key with this published state, as its page renders it. */
async function findByPageKey(db: Kysely<Database>, idOrSlug: string, isPublished: boolean): Promise<PublishedArticle | undefined> {
  const key = pageKey(idOrSlug);
  if (!key) return undefined;
  return db.selectFrom('articles').select([...DETAIL_COLUMNS]).where('isPublished', '=', isPublished).where(key.column, '=', key.value).executeTakeFirst();
}

/**
 * One published article by its URL key: an all-digit key is an id, anything else a slug. Drafts and
 * unknown keys answer undefined in one query; a key no article could have (not an id, not a slug:
 * NUL bytes, spaces, quotes, capitals) answers undefined without one.
 */
export const findPublishedArticleByIdOrSlug = (db: Kysely<Database>, idOrSlug: string) => findByPageKey(db, idOrSlug, true);

/** A draft by the same key, as its page will show once published: an admin's preview. */
export const findDraftArticleByIdOrSlug = (db: Kysely<Database>, idOrSlug: string) => findByPageKey(db, idOrSlug, false);

/**
 * The published article that once had this slug (its page key since changed), for the old address's
 * redirect: undefined for a key that is no slug, was never one, or whose article is now a draft.
 */
export async function findPublishedArticleByFormerSlug(db: Kysely<Database>, idOrSlug: string): Promise<Pick<ArticleRow, 'id' | 'slug'> | undefined> {
  const key = pageKey(idOrSlug);
  if (key?.column !== 'slug') return undefined;
  return db
    .selectFrom('articleFormerSlugs as former')
    .innerJoin('articles', 'articles.id', 'former.articleId')
    .select(['articles.id', 'articles.slug'])
    .where('former.slug', '=', key.value)
    .where('articles.isPublished', '=', true)
    .executeTakeFirst();
}

/**
 * The RSS feed: the newest published articles, each with its body while the bodies so far (newest
 * first, counted in characters) fit `bodyBudget`, and none after the first that does not: a body
 * past the budget is null, and one within it that is empty is ''. The budget holds in the query,
 * so the answer stays small whatever the bodies' length: the pages read over Neon's HTTP queries,
 * whose answers have a size limit (src/server/db/page-reads.ts).
 */
export function listPublishedArticlesForFeed(db: Kysely<Database>, { limit, bodyBudget }: { limit: number; bodyBudget: number }): Promise<FeedArticle[]> {
  const newest = publishedArticles(db)
    .select([...FEED_COLUMNS])
    .select(sql<number>`sum(coalesce(length(content), 0)) over (order by published_at desc, id desc)`.as('bodiesSoFar'))
    .orderBy('publishedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .as('newest');
  return db
    .selectFrom(newest)
    .select(FEED_COLUMNS.filter((column) => column !== 'content'))
    .select(sql<string | null>`case when bodies_so_far <= ${bodyBudget} then coalesce(content, '') end`.as('content'))
    .orderBy('publishedAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * The sitemap: published articles' URL keys and last changes, oldest id first (so an article keeps
 * its part of a split sitemap), `limit` from `offset`, and how many are published in all: the sum
 * of the categories' counts the articles' triggers keep (migration 0022), a row per category, not a
 * count of the articles, which read every published one whatever part was asked for.
 */
export async function listPublishedArticleLinks(
  db: Kysely<Database>,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ links: ArticleLink[]; total: number }> {
  const published = publishedTotal(db);
  const rows = await publishedArticles(db)
    .select([...LINK_COLUMNS])
    .select(published.as('published'))
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
  if (rows.length > 0 || offset === 0) return { links: rows.map(({ published: _, ...link }) => link), total: Number(rows[0]?.published ?? 0) };
  const { n } = await published.executeTakeFirstOrThrow();
  return { links: [], total: Number(n) };
}

/** How many articles are published: the sum of the categories' kept counts. */
function publishedTotal(db: Kysely<Database>) {
  return publishedCounts(db).select((eb) => eb.fn.coalesce(eb.fn.sum<string>('published'), sql<string>`0`).as('n'));
}

/**
 * The sitemap's own file: every published article's link (oldest id first) when there are at most
 * `limit`, none when there are more, and how many are published, in one statement. Past the limit
 * the sitemap is an index of its parts, which names no article itself: the articles are then not
 * read at all (the count gates them), where reading the first thousand to throw them away cost a
 * 10,000-article site's sitemap most of its time.
 */
export async function listPublishedArticleLinksUpTo(db: Kysely<Database>, limit: number): Promise<{ links: ArticleLink[]; total: number }> {
  const published = publishedTotal(db);
  const links = publishedArticles(db)
    .select([...LINK_COLUMNS])
    .where(sql<boolean>`(${published}) <= ${limit}`)
    .orderBy('id');
  const row = await db.selectNoFrom([published.as('total'), jsonArrayFrom(links).as('links')]).executeTakeFirstOrThrow();
  return {
    // JSON carries the timestamp as text.
    links: row.links.map((link) => ({ ...link, updatedAt: new Date(link.updatedAt) })),
    total: Number(row.total),
  };
}

// ---------------------------------------------------------------------------------------------
// Admin writes (the admin panel's Articles tab). The caller validates the values; articleRow cleans the body.
// ---------------------------------------------------------------------------------------------

/**
 * The row an article form's values are stored as: the body as `storedArticleBody` cleans it (a 400
 * on `content` past its limits), and the publication time the form's, or now.
 */
function articleRow(v: ArticleValues): Omit<NewArticle, 'id' | 'createdAt' | 'updatedAt' | 'submissionId'> {
  const { publishedAt, content, ...rest } = v;
  return { ...rest, content: storedArticleBody(content), publishedAt: publishedAt ? new Date(publishedAt) : new Date() };
}

/**
 * The columns that tell a send of `values` again from other content: the row as stored (the body
 * cleaned), with the publication time only when the client named one, since the panel names none
 * and each send's "now" is its own.
 */
function sentColumns(row: NewArticle, values: ArticleValues): Partial<NewArticle> {
  const { publishedAt: _, ...sent } = row;
  return values.publishedAt === undefined ? sent : row;
}

/**
 * Stores a new article, once per `submissionId` (db/create-once.ts): the same content again is a
 * retry, answered with the article stored under the key; other content is a misuse of the key,
 * refused with that article (the form that sent it goes on as its edit).
 */
export async function createArticle(db: Kysely<Database>, { submissionId, ...values }: ArticleCreateValues): Promise<Creation<Article>> {
  const row = articleRow(values);
  return createOnce(db, 'articles', row, submissionId, sentColumns(row, values), toArticle);
}

/**
 * Replaces an article, unless, with `openedAt`, it has been saved since with other content
 * (db/row-version.ts).
 */
export async function updateArticle(db: Kysely<Database>, id: number, values: ArticleValues, openedAt?: string): Promise<Edit<Article>> {
  const row = articleRow(values);
  return updateUnlessSavedSince(db, 'articles', id, row, openedAt, sentColumns(row, values), toArticle);
}

export async function deleteArticle(db: Kysely<Database>, id: number): Promise<boolean> {
  const r = await db.deleteFrom('articles').where('id', '=', id).executeTakeFirst();
  return r.numDeletedRows > 0n;
}
