import type { Kysely } from 'kysely';
import type { ArticleRow, Database } from '../db/schema.ts';

/** Newest first. Published only unless an admin asks for drafts too. */
export function listArticles(db: Kysely<Database>, { publishedOnly }: { publishedOnly: boolean }): Promise<ArticleRow[]> {
  let q = db.selectFrom('articles').selectAll();
  if (publishedOnly) q = q.where('isPublished', '=', true);
  return q.orderBy('publishedAt', 'desc').orderBy('id', 'desc').execute();
}

export function findArticle(db: Kysely<Database>, id: number): Promise<ArticleRow | undefined> {
  return db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
}
