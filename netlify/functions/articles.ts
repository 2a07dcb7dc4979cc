// GET    /api/articles?published=true  published articles, newest first (public, CDN-cached)
// GET    /api/articles                 the same for visitors; every article, drafts too, for an admin
// GET    /api/articles/:id             one article; a draft is a 404 except for an admin
// POST   /api/articles                 create (admin)
// PUT    /api/articles/:id             replace (admin)
// DELETE /api/articles/:id             delete (admin)
// Writes sanitise the HTML body, validate with the form's schema (400 with field issues) and purge
// the CDN's cached article pages and answers.
import type { Config } from '@netlify/functions';
import { articleSchema, type ArticleValues } from '../../src/schemas/article.ts';
import { getSession, requireAdmin } from '../../src/server/auth/session.ts';
import { SESSION_COOKIE, SECURE_SESSION_COOKIE } from '../../src/server/auth/cookies.ts';
import { purgeArticleCache, publicCacheHeaders } from '../../src/server/cdn-cache.ts';
import { getDb } from '../../src/server/db/client.ts';
import type { NewArticle } from '../../src/server/db/schema.ts';
import { readJson } from '../../src/server/http/body.ts';
import { conflict, notFound } from '../../src/server/http/errors.ts';
import { idParam, route } from '../../src/server/http/handler.ts';
import { json } from '../../src/server/http/respond.ts';
import { createArticle, deleteArticle, findArticle, listArticles, updateArticle } from '../../src/server/repositories/articles.ts';
import { sanitizeArticleHtml } from '../../src/server/sanitize-html.ts';

/** An article body may be large (~200 KB of HTML at most). */
const MAX_ARTICLE_BODY = 512 * 1024;

const adminHeaders = { 'Cache-Control': 'no-store' };
// Whether drafts are included depends on the session cookie, so the CDN must key on it: a cached
// visitor answer is never served to an admin. https://docs.netlify.com/platform/caching/#vary-by-cookie
const publicHeaders = () => ({
  ...publicCacheHeaders(),
  'Netlify-Vary': `cookie=${SESSION_COOKIE}|${SECURE_SESSION_COOKIE}`,
});

function toRow(v: ArticleValues): NewArticle {
  const { publishedAt, content, ...rest } = v;
  const html = content === null ? null : sanitizeArticleHtml(content);
  return { ...rest, content: html ? html : null, publishedAt: publishedAt ? new Date(publishedAt) : new Date() };
}

/** The slug column is unique: a duplicate is the author's to fix, not a server error. */
async function withSlugCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if ((err as { code?: string }).code === '23505') {
      throw conflict('Another article already uses this slug', { slug: 'Another article already uses this slug' });
    }
    throw err;
  }
}

export default route({
  GET: async (req, ctx) => {
    const db = getDb();
    const publishedOnlyAsked = new URL(req.url).searchParams.get('published') === 'true';
    const admin = publishedOnlyAsked ? null : await getSession(req, db);

    if (ctx.params.id !== undefined) {
      const article = await findArticle(db, idParam(ctx));
      if (!article || (!article.isPublished && !admin)) throw notFound('Article not found');
      return json(article, { headers: admin ? adminHeaders : publicHeaders() });
    }
    const articles = await listArticles(db, { publishedOnly: !admin });
    return json(articles, { headers: admin ? adminHeaders : publicHeaders() });
  },

  POST: async (req) => {
    const db = getDb();
    await requireAdmin(req, db);
    const values = await readJson(req, articleSchema, { maxBytes: MAX_ARTICLE_BODY });
    const article = await withSlugCheck(() => createArticle(db, toRow(values)));
    await purgeArticleCache();
    return json(article, { status: 201 });
  },

  PUT: async (req, ctx) => {
    const db = getDb();
    await requireAdmin(req, db);
    const id = idParam(ctx);
    const values = await readJson(req, articleSchema, { maxBytes: MAX_ARTICLE_BODY });
    const article = await withSlugCheck(() => updateArticle(db, id, toRow(values)));
    if (!article) throw notFound('Article not found');
    await purgeArticleCache();
    return json(article);
  },

  DELETE: async (req, ctx) => {
    const db = getDb();
    await requireAdmin(req, db);
    if (!(await deleteArticle(db, idParam(ctx)))) throw notFound('Article not found');
    await purgeArticleCache();
    return json({ ok: true });
  },
});

export const config: Config = { path: ['/api/articles', '/api/articles/:id'] };
