// GET    /api/articles?published=true  published articles, newest first (public, CDN-cached): an
//                                      array of the newest 100 (?pageSize=M: M, at most 100), the
//                                      whole list's length in X-Total-Count (ADR 0022)
// GET    /api/articles                 the same for visitors; every article, drafts too, for an admin
// GET    /api/articles?drafts=include  every article, drafts too: an admin's only (401 without a session;
//                                      400 beside published=true, which asks for the other list;
//                                      any other value of either flag is a 400 too)
//        ...&page=N&pageSize=M         one page of that list instead, {items, total, page, pageSize}
//                                      as every admin list answers (the panel's paged list, and the
//                                      way past the newest 100; 400 for a page or size out of range)
//        ...&search=text               only the articles whose title, description, author or slug
//                                      holds the text, ignoring letter case (paged or not)
// GET    /api/articles/:id             one article; a draft is a 404 except for an admin
// POST   /api/articles                 create (admin): 201; with the submissionId of a create already
//                                      stored, 200 and that article when it is the same content (a
//                                      retry whose answer was lost), 409 when it is not, with
//                                      that article as `stored` (the form goes on as its edit)
// PUT    /api/articles/:id             replace (admin); with the updatedAt its edit was opened at, 409
//                                      if someone saved it since with other content (the same
//                                      content: 200, a retry whose answer was lost)
// DELETE /api/articles/:id             delete (admin)
// Writes validate with the form's schema (400 with field issues), store the body sanitised and
// within its limits once cleaned (the repository's rule: 400 on content past them), and purge the
// CDN's cached article pages and answers.
import type { Config } from '@netlify/functions';
import { ARTICLE_LIMITS, articleCreateSchema, articleUpdateSchema } from '../../src/schemas/article.ts';
import { articleArrayQuerySchema, articlePageQuerySchema } from '../../src/schemas/list-query.ts';
import { getSession, requireAdmin } from '../../src/server/auth/session.ts';
import { SESSION_COOKIES } from '../../src/server/auth/cookies.ts';
import { CACHE_TAGS, publicCacheHeaders, uncachedHeaders, type CacheKey } from '../../src/server/http/cdn-cache.ts';
import { editedResourceWrites } from '../../src/server/http/edited-resource.ts';
import { getDb } from '../../src/server/db/client.ts';
import { isUniqueViolation } from '../../src/server/db/errors.ts';
import { readQuery } from '../../src/server/http/query.ts';
import { badRequest, conflict, notFound } from '../../src/server/http/errors.ts';
import { idParam, route } from '../../src/server/http/handler.ts';
import { json } from '../../src/server/http/respond.ts';
import { createArticle, deleteArticle, findArticle, listArticlePage, updateArticle } from '../../src/server/repositories/articles.ts';

/**
 * The request an article may take: its content's character limit at four bytes a character (the
 * schema counts characters, and one is at most four bytes in UTF-8, an emoji's), with room for the
 * other fields. Sized by bytes alone, an article in Chinese or Greek under the character limit got
 * a 413 instead of being saved or told which field is long.
 */
const MAX_ARTICLE_REQUEST_BYTES = ARTICLE_LIMITS.contentAsSent * 4 + 64 * 1024;

// Whether drafts are included depends on ?drafts and on the session cookie, so the CDN keys on
// both: a cached visitor answer is never served to an admin.
const CACHE_KEY: CacheKey = { query: ['published', 'drafts', 'page', 'pageSize', 'search'], cookies: SESSION_COOKIES };
const adminHeaders = uncachedHeaders(CACHE_KEY);
const publicHeaders = () => publicCacheHeaders(CACHE_KEY, [CACHE_TAGS.articles]);

const SLUG_TAKEN = 'Another article already uses this slug';
const LISTS_CROSSED = 'drafts=include and published=true ask for different lists: send one of them';
const NOT_FOUND = 'Article not found';
const SAVED_SINCE_OPENED = 'Someone else saved this article after you opened it: reopen it to see their change, then make yours';
const KEY_REUSED = 'This form already created an article with other content: save yours as an edit of that article, stored in this answer';

/** The slug column is unique: a duplicate is the author's to fix, not a server error. */
async function withSlugCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(SLUG_TAKEN, { slug: SLUG_TAKEN });
    throw err;
  }
}

export default route({
  GET: async (req, ctx) => {
    const db = getDb();
    const paged = new URL(req.url).searchParams.has('page');
    const { drafts, published, search, page, pageSize } = paged ? readQuery(req, articlePageQuerySchema) : { ...readQuery(req, articleArrayQuerySchema), page: 1 };
    // Either would be a silent choice between the two: the admin's whole list or the visitors'.
    if (drafts && published) throw badRequest('Invalid request', { drafts: LISTS_CROSSED });
    // ?drafts=include (the admin panel's list) is an admin's question: without a session it is
    // refused (401), not answered with the published articles as if nothing were missing.
    const admin = drafts ? await requireAdmin(req) : published ? null : await getSession(req);

    if (ctx.params.id !== undefined) {
      const article = await findArticle(db, idParam(ctx));
      if (!article || (!article.isPublished && !admin)) throw notFound(NOT_FOUND);
      return json(article, { headers: admin ? adminHeaders : publicHeaders() });
    }
    const headers = admin ? adminHeaders : publicHeaders();
    const list = await listArticlePage(db, { publishedOnly: !admin, search, page, pageSize });
    // Without ?page a bare array, for API clients that take one, but never more than one full page:
    // the whole list at 10,000 articles would be tens of megabytes from one request.
    if (!paged) return json(list.items, { headers: { ...headers, 'X-Total-Count': String(list.total) } });
    return json({ ...list, page, pageSize }, { headers });
  },

  ...editedResourceWrites({
    createSchema: articleCreateSchema,
    updateSchema: articleUpdateSchema,
    maxBytes: MAX_ARTICLE_REQUEST_BYTES,
    tag: CACHE_TAGS.articles,
    create: createArticle,
    update: updateArticle,
    remove: deleteArticle,
    guard: withSlugCheck,
    texts: { notFound: NOT_FOUND, savedSince: SAVED_SINCE_OPENED, keyReused: KEY_REUSED },
  }),
}, { errorHeaders: adminHeaders, paths: { list: ['GET', 'POST'], item: ['GET', 'PUT', 'DELETE'] } });

export const config: Config = { path: ['/api/articles', '/api/articles/:id'] };
