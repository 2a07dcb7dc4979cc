import { ARTICLE_LIMITS, CONTENT_TOO_DEEP, contentHoldsMedia } from '../schemas/article.ts';
import { characterCount, tooLong } from '../schemas/text-limits.ts';
import { nestsDeeperThan } from '../lib/html-nesting.ts';
import { badRequest } from './http/errors.ts';
import { articleHtmlHasText, sanitizeArticleHtmlNamingMedia } from './sanitize-html.ts';

/**
 * The body an article is stored with: sanitised (only what the editor can write), and one with no
 * text once cleaned (empty paragraphs, line breaks, spaces) as no body, as the editor sends an
 * emptied one. Content is optional, so such a body is stored as absent rather than refused: the
 * page, the feed and the editor then meet one empty body, never markup that shows nothing. Its
 * limits hold for this cleaned form, as the pages render it: cleaning can lengthen a body (a bare
 * '<' becomes '&lt;', an unclosed tag gets its close), and only the parsed body nests as it will
 * render (a close tag the parser does not know closes nothing). A body past them is a 400 on
 * `content`. Counted in characters, as the schema counts every limit. A body holding pictures or
 * embedded media is a 400 on `content` too: the editor never sends one, and an API client's would
 * otherwise be stored without them (or, pictures alone, as no body) under a 201.
 */
export function storedArticleBody(content: string | null): string | null {
  if (content === null) return null;
  const { clean, media } = sanitizeArticleHtmlNamingMedia(content);
  if (media.length > 0) throw badRequest('Invalid request', { content: contentHoldsMedia(media) });
  if (characterCount(clean) > ARTICLE_LIMITS.content) {
    throw badRequest('Invalid request', { content: `${tooLong(ARTICLE_LIMITS.content)} once cleaned of markup the editor cannot write` });
  }
  if (nestsDeeperThan(clean, ARTICLE_LIMITS.contentNesting)) throw badRequest('Invalid request', { content: CONTENT_TOO_DEEP });
  return articleHtmlHasText(clean) ? clean : null;
}
