/**
 * The schemes an article's links may use, none a browser could run: the editor takes a link only
 * with one of them, and the sanitiser drops the href of any other.
 */
export const ARTICLE_LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

export type ArticleLinkScheme = (typeof ARTICLE_LINK_SCHEMES)[number];
