import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { ArticleCategory } from '../../schemas/article.ts';
import type { EnquiryStatus } from '../../schemas/enquiry.ts';
import type { OutboxStatus } from '../../schemas/outbox.ts';
import type { SubscriberStatus } from '../../schemas/subscriber.ts';

// The one typed picture of the database. Columns are snake_case in Postgres and camelCase here
// (Kysely's CamelCasePlugin translates), so rows already carry the API's field names.

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** An admin create form's key: given (or not) when the row is created, never changed after. */
type SubmissionId = ColumnType<string | null, string | null | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface EnquiriesTable {
  id: Generated<number>;
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  phone: string;
  service: string | null;
  message: string;
  page: string | null;
  ctaButton: string | null;
  /** The form's key for this enquiry: a retry with it finds this row (unique where not null). */
  submissionId: string | null;
  status: Generated<EnquiryStatus>;
  createdAt: CreatedAt;
}

export interface SubscribersTable {
  id: Generated<number>;
  email: string;
  createdAt: CreatedAt;
  /** When the address last gave its consent (re-subscribing renews it). */
  subscribedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  /** The path of the page whose form it subscribed from. */
  sourcePage: string | null;
  status: Generated<SubscriberStatus>;
  unsubscribedAt: Timestamp | null;
  /**
   * The key of the sign-up that last subscribed it, derived from its sender and address
   * (src/server/derived-submission-key.ts; migration 0020, whose comment predates JSON sign-ups
   * being keyed too and names the module by its former name, plain-post-key.ts): null for rows from before.
   */
  signupKey: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One message to send; see netlify/database/migrations/0005_leads_outbox_and_consent.sql. */
export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  payload: ColumnType<unknown, string, string>;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  nextAttemptAt: ColumnType<Date, Date | string | undefined, Date | string>;
  lastError: string | null;
  createdAt: CreatedAt;
  sentAt: Timestamp | null;
  enquiryId: number | null;
  subscriberId: number | null;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password: string;
  email: string;
  resetToken: string | null;
  resetTokenExpiry: Timestamp | null;
  lastLogin: Timestamp | null;
  /** Bumped on password change and logout; sessions carrying an older version are refused. */
  sessionVersion: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface ServicesTable {
  id: Generated<number>;
  title: string;
  description: string;
  icon: string;
  features: string[];
  isActive: Generated<boolean>;
  sortOrder: Generated<number>;
  /** The create form's key for this service: a retry with it finds this row (unique where not null). */
  submissionId: SubmissionId;
  updatedAt: UpdatedAt;
}

export interface PackagesTable {
  id: Generated<number>;
  name: string;
  price: string;
  period: string;
  description: string;
  features: string[];
  buttonText: string;
  buttonVariant: string;
  isPopular: Generated<boolean>;
  isActive: Generated<boolean>;
  sortOrder: Generated<number>;
  updatedAt: UpdatedAt;
}

export interface TeamMembersTable {
  id: Generated<number>;
  name: string;
  role: string;
  bio: string | null;
  imageUrl: string | null;
  isActive: Generated<boolean>;
  sortOrder: Generated<number>;
  updatedAt: UpdatedAt;
}

export interface SiteContentTable {
  id: Generated<number>;
  section: string;
  key: string;
  value: string;
  updatedAt: UpdatedAt;
}

export interface CompanyStatsTable {
  id: Generated<number>;
  label: string;
  value: string;
  description: string | null;
  isActive: Generated<boolean>;
  sortOrder: Generated<number>;
  updatedAt: UpdatedAt;
}

export interface ArticlesTable {
  id: Generated<number>;
  title: string;
  description: string;
  content: string | null;
  author: Generated<string>;
  category: Generated<ArticleCategory>;
  imageUrl: string | null;
  imageAlt: string | null;
  youtubeUrl: string | null;
  readTime: string;
  metaTitle: string | null;
  metaDescription: string | null;
  tags: Generated<string[]>;
  slug: string | null;
  isFeatured: Generated<boolean>;
  isPublished: Generated<boolean>;
  publishedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  /** The create form's key for this article: a retry with it finds this row (unique where not null). */
  submissionId: SubmissionId;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** A slug an article had before: its old address redirects to the article (kept by a trigger on articles). */
export interface ArticleFormerSlugsTable {
  slug: string;
  articleId: number;
  movedAt: CreatedAt;
}

/**
 * Published articles per category, kept by triggers on articles (migration 0022): the Insights
 * list's counts and the sitemap's total without reading the articles. A row may hold 0.
 */
export interface ArticleCategoryCountsTable {
  category: ArticleCategory;
  published: number;
}

/** The catalogue tables the seed (migration 0021_catalogue_seed) has filled once: never filled again. */
export interface SeededTablesTable {
  name: string;
  seededAt: CreatedAt;
}

/** rate-limiter-flexible's own table layout (RateLimiterPostgres with tableCreated: true). */
export interface RateLimitsTable {
  key: string;
  points: number;
  expire: string | null; // bigint epoch milliseconds
}

export interface Database {
  enquiries: EnquiriesTable;
  subscribers: SubscribersTable;
  outbox: OutboxTable;
  users: UsersTable;
  services: ServicesTable;
  packages: PackagesTable;
  teamMembers: TeamMembersTable;
  siteContent: SiteContentTable;
  companyStats: CompanyStatsTable;
  articles: ArticlesTable;
  articleFormerSlugs: ArticleFormerSlugsTable;
  articleCategoryCounts: ArticleCategoryCountsTable;
  rateLimits: RateLimitsTable;
  seededTables: SeededTablesTable;
}

/**
 * The tables the admin panel's forms create and edit rows of: each has an `id`, a `submission_id`
 * unique where it is not null (db/create-once.ts) and an `updated_at` that versions its rows
 * (db/row-version.ts).
 */
export type EditedTable = 'articles' | 'services';

export type OutboxRow = Selectable<OutboxTable>;
export type UserRow = Selectable<UsersTable>;
export type ServiceRow = Selectable<ServicesTable>;
export type PackageRow = Selectable<PackagesTable>;
export type TeamMemberRow = Selectable<TeamMembersTable>;
export type SiteContentRow = Selectable<SiteContentTable>;
export type CompanyStatRow = Selectable<CompanyStatsTable>;
export type ArticleRow = Selectable<ArticlesTable>;
export type NewArticle = Insertable<ArticlesTable>;
