/**
 * The article schema: the admin panel's article form and POST/PUT /api/articles validate with it.
 * Imports zod and the remote image hosts only.
 */
import { z } from 'zod';
import { nestsDeeperThan } from '../lib/html-nesting';
import { REMOTE_IMAGE_HOSTS } from '../lib/remote-images';
import { oneLine, requiredLine, requiredText, storableText, withoutControls } from './fields';
import { tooLong } from './text-limits';
import { openedAtField } from './opened-at';
import { submissionIdField } from './submission-id';
import { uploadedObjectName } from './upload';
import type { FieldsCover, FormField } from './form-fields';

/** The article categories, in the admin select's order; the first is the default. */
export const ARTICLE_CATEGORIES = [
  'Thought Leadership',
  'Product & Solution Spotlights',
  'Customer & Partner Success Stories',
  'Industry Trends & Insights',
  'Events & Announcements',
] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];
const DEFAULT_ARTICLE_CATEGORY: ArticleCategory = 'Thought Leadership';
export const DEFAULT_ARTICLE_AUTHOR = 'Admin';

export const ARTICLE_LIMITS = {
  title: 200,
  description: 1000,
  /** HTML, once cleaned as it is stored and rendered; a long article is ~50 KB. */
  content: 200_000,
  /**
   * The same body as sent, before cleaning: the editor writes its own markup around the text (a
   * class and dir on each block, a white-space span round each run), which cleaning removes and
   * which can double a formatted body. The limit that counts is `content`, on the cleaned body.
   */
  contentAsSent: 800_000,
  /**
   * Elements inside one another, once the body is cleaned; the editor's deepest lists and
   * formatting use a dozen or so.
   */
  contentNesting: 40,
  /**
   * The same, counted on the body as sent, before cleaning: a bound that keeps the cleaning itself
   * fast (its time grows with the square of the depth). Loose, since tags left open in a valid
   * body (a list's items, paragraphs) count as nested before the parser closes them.
   */
  contentNestingAsSent: 1000,
  author: 100,
  url: 2048,
  imageAlt: 300,
  readTime: 50,
  metaTitle: 200,
  metaDescription: 500,
  tag: 50,
  tags: 30,
  slug: 200,
} as const;

/** Recommended lengths the form's placeholders mention; not enforced. */
const META_TITLE_HINT = 60;
const META_DESCRIPTION_HINT = 160;

/**
 * An optional one-line field (the form's single-line inputs): held as every one-line field is
 * (oneLine: no characters that reorder the text after them, no line break, which the form's input
 * would drop when the article is opened again); empty, invisible, null or absent all store as null.
 */
const nullableLine = (max: number) => z.nullish(oneLine(max)).transform((v) => (v ? v : null));

/** Optional text: without control characters, trimmed; empty, null or absent all store as null. */
const nullableText = (max: number) =>
  z
    .string()
    .check(withoutControls)
    .trim()
    .check(storableText)
    .max(max, tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));

/** Lowercase letters and digits in hyphen-separated runs: every slug an article can have. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ALL_DIGITS = /^[0-9]+$/;
/**
 * A path on this site ('/objects/uploads/...'); nothing a browser could run. No backslash anywhere:
 * browsers read '/\\host/x' as '//host/x', another site.
 */
const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;
export const ARTICLE_IMAGE_URL_REFUSED = `Image URL must be a path on this site or an https address on ${REMOTE_IMAGE_HOSTS.join(' or ')}`;

/**
 * An article image is a path on this site or an https URL on a host the image CDN may fetch from:
 * any other would be refused by the CDN and never shown.
 */
export function isArticleImageUrl(value: string): boolean {
  if (SITE_PATH.test(value)) return isCanonicalSitePath(value);
  if (!/^https:\/\/\S+$/i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (REMOTE_IMAGE_HOSTS as readonly string[]).includes(url.hostname) && url.username === '' && url.password === '' && url.port === '';
}

/** The image CDN's address: an article may name its image through it, as a copied image address does. */
const IMAGE_CDN_PATH = '/.netlify/images';

/**
 * A site path spelled as it is read, so that an upload it shows is one the Delete check and the
 * daily sweep find in use: no escape, dot segment or empty segment that makes it another path, an
 * upload as its path is given (/objects/uploads/{32 lowercase hex}), and through the image CDN
 * (`/.netlify/images?url=...`) only a source that holds to the same rule, its slashes plain or
 * escaped as %2F and nothing else escaped.
 */
function isCanonicalSitePath(value: string, viaImageCdn = false): boolean {
  const [path = '', query = ''] = value.split(/[?#]/, 2);
  if (path.includes('%') || path.includes('//') || /\/\.{1,2}(?:\/|$)/.test(path)) return false;
  const lowerCase = path.toLowerCase();
  if (lowerCase.startsWith('/.netlify/')) {
    if (viaImageCdn || path !== IMAGE_CDN_PATH) return false;
    const source = new URLSearchParams(query).get('url');
    if (source === null || !SITE_PATH.test(source) || !isCanonicalSitePath(source, true)) return false;
    const name = uploadedObjectName(source);
    return name === null || new RegExp(`(?:^|&)url=(?:/|%2f)objects(?:/|%2f)uploads(?:/|%2f)${name}(?:&|$)`, 'i').test(query);
  }
  return !lowerCase.startsWith('/objects/') || uploadedObjectName(value) !== null;
}

/** A body sent with pictures or embedded media (`tags`: their element names), which the text does not keep. */
export const contentHoldsMedia = (tags: readonly string[]) =>
  `Images and embedded media (${tags.join(', ')}) are not kept in the text: an article's picture goes in imageUrl and its video in youtubeUrl`;

export const CONTENT_TOO_DEEP = `Content is nested too deeply: at most ${ARTICLE_LIMITS.contentNesting} levels of lists and formatting`;

const EARLIEST_PUBLICATION = Date.UTC(1970, 0, 1);
const YEAR_MS = 366 * 24 * 60 * 60 * 1000;

function isPublicationTime(value: string): boolean {
  const time = Date.parse(value);
  return time >= EARLIEST_PUBLICATION && time <= Date.now() + YEAR_MS;
}

export const articleSchema = z.object({
  title: requiredLine(ARTICLE_LIMITS.title),
  description: requiredText(ARTICLE_LIMITS.description),
  /** Rich-text HTML; the server sanitises it before storing. */
  content: nullableText(ARTICLE_LIMITS.contentAsSent).refine((v) => v === null || !nestsDeeperThan(v, ARTICLE_LIMITS.contentNestingAsSent), {
    message: CONTENT_TOO_DEEP,
  }),
  author: z.nullish(oneLine(ARTICLE_LIMITS.author)).transform((v) => v || DEFAULT_ARTICLE_AUTHOR),
  category: z.enum(ARTICLE_CATEGORIES, { error: `Category must be one of: ${ARTICLE_CATEGORIES.join(', ')}` }).default(DEFAULT_ARTICLE_CATEGORY),
  imageUrl: nullableText(ARTICLE_LIMITS.url).refine((v) => v === null || isArticleImageUrl(v), {
    message: ARTICLE_IMAGE_URL_REFUSED,
  }),
  /** What the image shows, for readers who cannot see it; none keeps the image decorative. */
  imageAlt: nullableLine(ARTICLE_LIMITS.imageAlt),
  youtubeUrl: nullableText(ARTICLE_LIMITS.url),
  readTime: requiredLine(ARTICLE_LIMITS.readTime),
  metaTitle: nullableLine(ARTICLE_LIMITS.metaTitle),
  metaDescription: nullableText(ARTICLE_LIMITS.metaDescription),
  tags: z
    .array(oneLine(ARTICLE_LIMITS.tag))
    .max(ARTICLE_LIMITS.tags, `At most ${ARTICLE_LIMITS.tags} tags`)
    .default([])
    // A tag typed twice ('growth, Growth') would show twice on the article's page.
    .transform((tags) => tags.filter((tag, i) => tag && tags.findIndex((t) => t.toLowerCase() === tag.toLowerCase()) === i)),
  slug: nullableText(ARTICLE_LIMITS.slug)
    .refine((v) => v === null || SLUG_PATTERN.test(v), {
      message: 'Slug may contain only lowercase letters, numbers and single hyphens',
    })
    // /insights/{number} is an article's id (the table refuses such slugs too).
    .refine((v) => v === null || !ALL_DIGITS.test(v), { message: 'Slug cannot be a number alone: /insights/{number} is read as an article id' }),
  isFeatured: z.boolean().default(false),
  isPublished: z.boolean().default(true),
  /**
   * An API client may name the publication time, from 1970 to a year ahead (the lists sort by it,
   * so a far-off date would sit on top for ever); absent (the admin panel's every save) means now,
   * by the server's clock.
   */
  publishedAt: z.iso
    .datetime({ offset: true })
    .refine(isPublicationTime, { message: 'Publication time must be from 1970 to a year from now' })
    .optional(),
});

/** POST /api/articles: the article, and the `submissionId` of the form that creates it (submission-id.ts). */
export const articleCreateSchema = articleSchema.extend({ submissionId: submissionIdField });

/** PUT /api/articles/:id: the article, and the `updatedAt` its edit was opened at (opened-at.ts). */
export const articleUpdateSchema = articleSchema.extend({ updatedAt: openedAtField });

/** What the form and API clients send. */
export type ArticleInput = z.input<typeof articleSchema>;
/** What the server stores. */
export type ArticleValues = z.infer<typeof articleSchema>;
/** What the server stores from a create: the article, and its form's key when it sent one. */
export type ArticleCreateValues = z.infer<typeof articleCreateSchema>;

/** An article as the API answers it: the stored values plus the server's fields (dates as ISO strings). */
export type Article = Omit<ArticleValues, 'publishedAt'> & {
  id: number;
  publishedAt: string;
  createdAt: string;
  updatedAt: string;
};

/** The article form, in order. No required-field checks in the browser: the server's issues show beside the fields. */
export const articleFormFields = [
  { name: 'title', label: 'Title', kind: 'text', placeholder: 'Article title', maxLength: ARTICLE_LIMITS.title },
  { name: 'description', label: 'Description', kind: 'textarea', rows: 3, placeholder: 'A short summary shown in the article list', maxLength: ARTICLE_LIMITS.description },
  { name: 'content', label: 'Content', kind: 'richText' },
  { name: 'author', label: 'Author', kind: 'text', placeholder: DEFAULT_ARTICLE_AUTHOR, maxLength: ARTICLE_LIMITS.author, initial: DEFAULT_ARTICLE_AUTHOR, half: true },
  { name: 'category', label: 'Category', kind: 'select', options: ARTICLE_CATEGORIES, initial: DEFAULT_ARTICLE_CATEGORY, half: true },
  { name: 'imageUrl', label: 'Image', kind: 'image', maxLength: ARTICLE_LIMITS.url },
  {
    name: 'imageAlt',
    label: 'Image Description',
    kind: 'text',
    placeholder: 'What the image shows, e.g. A chart of leads rising month on month',
    hint: 'Read out to readers who cannot see the image, and shown where it cannot load. Leave empty if it is only decoration.',
    maxLength: ARTICLE_LIMITS.imageAlt,
  },
  { name: 'youtubeUrl', label: 'Video URL', kind: 'video', placeholder: 'https://www.youtube.com/watch?v=...', maxLength: ARTICLE_LIMITS.url, half: true },
  { name: 'readTime', label: 'Read Time', kind: 'text', placeholder: '5 min read', maxLength: ARTICLE_LIMITS.readTime, half: true },
  { name: 'metaTitle', label: 'Meta Title', kind: 'text', placeholder: `SEO title (${META_TITLE_HINT} characters recommended)`, maxLength: ARTICLE_LIMITS.metaTitle },
  {
    name: 'metaDescription',
    label: 'Meta Description',
    kind: 'textarea',
    rows: 3,
    placeholder: `SEO description (${META_DESCRIPTION_HINT} characters recommended)`,
    maxLength: ARTICLE_LIMITS.metaDescription,
  },
  { name: 'tags', label: 'Tags', kind: 'list', separator: 'comma', hint: 'Separate tags with commas', placeholder: 'strategy, growth, branding', half: true },
  {
    name: 'slug',
    label: 'Slug',
    kind: 'text',
    hint: 'Lowercase words joined by hyphens. Change it freely: the old address keeps leading here.',
    placeholder: 'url-friendly-title',
    maxLength: ARTICLE_LIMITS.slug,
    half: true,
  },
  { name: 'isFeatured', label: 'Featured', kind: 'switch', initial: false, half: true },
  { name: 'isPublished', label: 'Published', kind: 'switch', initial: true, half: true },
] as const satisfies readonly FormField<keyof ArticleInput>[];

// Every input of the schema has its place on the form; publishedAt is the server's time of each save.
true satisfies FieldsCover<ArticleInput, typeof articleFormFields, 'publishedAt'>;
