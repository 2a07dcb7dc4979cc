/**
 * The article schema: the admin panel's article form and POST/PUT /api/articles validate with it
 * (spec sections 3, 5 and 7). Imports zod only.
 */
import { z } from 'zod';
import { requiredText, tooLong } from './fields';

/** Spec section 5, in the admin select's order; the first is the default. */
export const ARTICLE_CATEGORIES = [
  'Thought Leadership',
  'Product & Solution Spotlights',
  'Customer & Partner Success Stories',
  'Industry Trends & Insights',
  'Events & Announcements',
] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];
export const DEFAULT_ARTICLE_CATEGORY: ArticleCategory = 'Thought Leadership';
export const DEFAULT_ARTICLE_AUTHOR = 'Admin';

export const ARTICLE_LIMITS = {
  title: 200,
  description: 1000,
  /** HTML; a long article is ~50 KB. */
  content: 200_000,
  author: 100,
  url: 2048,
  readTime: 50,
  metaTitle: 200,
  metaDescription: 500,
  tag: 50,
  tags: 30,
  slug: 200,
} as const;

/** Spec section 9: placeholder hints only, not enforced. */
export const META_TITLE_HINT = 60;
export const META_DESCRIPTION_HINT = 160;

/** Optional text: trimmed; empty, null or absent all store as null. */
const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A site path ('/objects/uploads/...') or an absolute http(s) URL; nothing a browser could run. */
const IMAGE_URL = /^(?:https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i;

export const articleSchema = z.object({
  title: requiredText(ARTICLE_LIMITS.title),
  description: requiredText(ARTICLE_LIMITS.description),
  /** Rich-text HTML; the server sanitises it before storing. */
  content: nullableText(ARTICLE_LIMITS.content),
  author: z
    .string()
    .trim()
    .max(ARTICLE_LIMITS.author, tooLong(ARTICLE_LIMITS.author))
    .nullish()
    .transform((v) => v || DEFAULT_ARTICLE_AUTHOR),
  category: z.enum(ARTICLE_CATEGORIES, { error: `Category must be one of: ${ARTICLE_CATEGORIES.join(', ')}` }).default(DEFAULT_ARTICLE_CATEGORY),
  imageUrl: nullableText(ARTICLE_LIMITS.url).refine((v) => v === null || IMAGE_URL.test(v), {
    message: 'Image URL must be an http(s) address or a path on this site',
  }),
  youtubeUrl: nullableText(ARTICLE_LIMITS.url),
  readTime: requiredText(ARTICLE_LIMITS.readTime),
  metaTitle: nullableText(ARTICLE_LIMITS.metaTitle),
  metaDescription: nullableText(ARTICLE_LIMITS.metaDescription),
  tags: z
    .array(z.string().trim().max(ARTICLE_LIMITS.tag, tooLong(ARTICLE_LIMITS.tag)))
    .max(ARTICLE_LIMITS.tags, `At most ${ARTICLE_LIMITS.tags} tags`)
    .default([])
    .transform((tags) => tags.filter(Boolean)),
  slug: nullableText(ARTICLE_LIMITS.slug).refine((v) => v === null || SLUG.test(v), {
    message: 'Slug may contain only lowercase letters, numbers and single hyphens',
  }),
  isFeatured: z.boolean().default(false),
  isPublished: z.boolean().default(true),
  /** The panel sends the time of every save; absent means now. */
  publishedAt: z.iso.datetime({ offset: true }).optional(),
});

/** What the form and API clients send. */
export type ArticleInput = z.input<typeof articleSchema>;
/** What the server stores. */
export type ArticleValues = z.infer<typeof articleSchema>;

/** An article as the API answers it (dates as ISO strings). */
export interface Article {
  id: number;
  title: string;
  description: string;
  content: string | null;
  author: string;
  category: ArticleCategory;
  imageUrl: string | null;
  youtubeUrl: string | null;
  readTime: string;
  metaTitle: string | null;
  metaDescription: string | null;
  tags: string[];
  slug: string | null;
  isFeatured: boolean;
  isPublished: boolean;
  publishedAt: string;
  createdAt: string;
  updatedAt: string;
}

/** Spec section 5: tags are typed comma-separated, trimmed, with empties dropped. */
export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}
