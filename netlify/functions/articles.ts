// GET /api/articles?published=true: published articles, newest first.
// GET /api/articles/:id: one published article.
import type { Config } from '@netlify/functions';
import { getDb } from '../../src/server/db/client.ts';
import { notFound } from '../../src/server/http/errors.ts';
import { idParam, route } from '../../src/server/http/handler.ts';
import { json } from '../../src/server/http/respond.ts';
import { findArticle, listArticles } from '../../src/server/repositories/articles.ts';

export default route({
  GET: async (req, ctx) => {
    const db = getDb();
    if (ctx.params.id !== undefined) {
      const article = await findArticle(db, idParam(ctx));
      if (!article || !article.isPublished) throw notFound('Article not found');
      return json(article);
    }
    return json(await listArticles(db, { publishedOnly: true }));
  },
});

export const config: Config = { path: ['/api/articles', '/api/articles/:id'] };
