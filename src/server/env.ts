import { z } from 'zod';
import { contact, firm } from '../content/site.ts';
import { resolveDatabaseUrl, takesStartupParameters } from './db/database-url.ts';

// Parsed once, on first use, so a misconfigured deploy fails on its first request with a clear
// message in the function log instead of failing half-way through one.
// Parsed again only when the platform changes the database's variables under a warm instance.
// '' counts as unset, for every setting here (and for the site's origin as astro.config.mjs reads
// it): a variable left blank (a .env line, the platform's UI) means its default, and the local
// runtime blanks the platform's variables so that the database it started is the one its
// functions use.
const optionalUrl = z.string().url().or(z.literal('')).optional();
const blankIsUnset = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);
const count = (fallback: number) => blankIsUnset(z.coerce.number().int().positive().default(fallback));

const EnvSchema = z.object({
  // Which of these wins: src/server/db/database-url.ts.
  NETLIFY_DB_URL: optionalUrl,
  NETLIFY_DB_DRIVER: z.string().optional(),
  DATABASE_URL: optionalUrl,
  NETLIFY_DATABASE_URL: optionalUrl,
  // host:port/path of a WebSocket-to-TCP proxy, for reaching a plain Postgres (local or CI) with the
  // Neon driver. Unset in production, where Neon speaks WebSocket itself.
  DATABASE_WS_PROXY: z.string().optional(),
  DATABASE_SQL_ENDPOINT: z.string().optional(),
  SESSION_SECRET: blankIsUnset(z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional()),
  DATA_DIR: blankIsUnset(z.string().default('./.data')),
  SITE_URL: optionalUrl,
  URL: optionalUrl,
  ENQUIRY_RATE_LIMIT_PER_HOUR: count(20),
  NEWSLETTER_RATE_LIMIT_PER_HOUR: count(20),
  // smtp://user:pass@host:587 or smtps://...: any provider. Unset: every message is written as an
  // .eml file under DATA_DIR/outbox/ instead of being sent. Not refused here (a wrong value fails
  // each send, with the reason, rather than every request: src/server/mail/transport.ts).
  SMTP_URL: z.string().optional(),
  // Who is told of each enquiry: one address, or several separated by commas; the firm's contact
  // address on the site unless set (or blank). Not refused here: a wrong value must cost the notice (failed, with the reason, in the inbox), never
  // the enquiry, and refusing the environment fails every request (src/server/mail/message.ts).
  NOTIFY_EMAIL: z.string().optional(),
  // The From of every message the site sends (the provider must accept it as a sender).
  MAIL_FROM: z.string().min(3).or(z.literal('')).optional(),
  ENQUIRY_RETENTION_DAYS: count(730),
  // The most a CSV export may hold: Netlify ends a streamed function answer at 20 MB
  // (docs/decisions/0022). Lowered only to test the refusal without 20 MB of rows.
  EXPORT_MAX_BYTES: count(20_000_000),
});

export interface ServerEnv {
  databaseUrl: string;
  databaseWsProxy: string | undefined;
  /** The local bridge's HTTP query endpoint (DATABASE_SQL_ENDPOINT); production uses Neon's own. */
  databaseSqlEndpoint: string | undefined;
  /** Whether the database's connections may carry startup parameters (takesStartupParameters). */
  databaseTakesStartupParameters: boolean;
  sessionSecret: string;
  dataDir: string;
  siteUrl: string | undefined;
  enquiryRateLimitPerHour: number;
  newsletterRateLimitPerHour: number;
  smtpUrl: string | undefined;
  /** NOTIFY_EMAIL's addresses, as written (src/server/mail/message.ts checks each before a send). */
  notifyEmail: string[];
  mailFrom: string;
  enquiryRetentionDays: number;
  exportMaxBytes: number;
}

/** NOTIFY_EMAIL's entries: split at commas, each trimmed, empty ones dropped; none at all is the contact address. */
function notifyAddresses(value = ''): string[] {
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  return entries.length > 0 ? entries : [contact.email];
}

let cached: ServerEnv | undefined;
/**
 * What the cache was read from among the variables the platform may change under a warm instance:
 * Netlify's function bootstrap writes NETLIFY_DB_URL and NETLIFY_DB_DRIVER into process.env from
 * each invocation's event (as @netlify/database's own client assumes, re-reading them per call).
 */
let cachedFor: string | undefined;
const perInvocationKey = () => `${process.env.NETLIFY_DB_URL ?? ''}\0${process.env.NETLIFY_DB_DRIVER ?? ''}`;

export class EnvError extends Error {}

export function getEnv(): ServerEnv {
  const key = perInvocationKey();
  if (cached && cachedFor === key) return cached;
  cached = readEnv(process.env);
  cachedFor = key;
  return cached;
}

/**
 * The settings `source` gives, or an EnvError naming each one that is wrong. getEnv reads the
 * process's own; the local runtime reads the environment it is about to hand the functions before
 * it says it is ready, so a wrong value stops `npm start` with its name rather than leaving every
 * on-demand page and API call to answer 500.
 */
export function readEnv(source: Record<string, string | undefined>): ServerEnv {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new EnvError(`Invalid environment: ${detail}`);
  }
  const e = parsed.data;
  const database = resolveDatabaseUrl({
    NETLIFY_DB_URL: e.NETLIFY_DB_URL,
    NETLIFY_DB_DRIVER: e.NETLIFY_DB_DRIVER,
    DATABASE_URL: e.DATABASE_URL,
    NETLIFY_DATABASE_URL: e.NETLIFY_DATABASE_URL,
  });
  if (!database) {
    throw new EnvError(
      'No database is configured. On Netlify enable Netlify Database (NETLIFY_DB_URL) or set DATABASE_URL to the Neon connection string; ' +
        'locally `npm start` / `npm run dev` start an embedded database and set it for you.',
    );
  }
  if (database.warning) console.warn(`[env] ${database.warning}`);
  const databaseUrl = database.url;
  // Always required: the local runtime (npm start / npm run dev) generates one under DATA_DIR and
  // sets it, so only a deploy that forgot it reaches this.
  if (!e.SESSION_SECRET) {
    throw new EnvError(
      'SESSION_SECRET is not set. In production set it (Functions scope) to a random string of at least 32 characters; locally `npm start` generates one.',
    );
  }
  return {
    databaseUrl,
    databaseWsProxy: e.DATABASE_WS_PROXY,
    databaseSqlEndpoint: e.DATABASE_SQL_ENDPOINT || undefined,
    databaseTakesStartupParameters: takesStartupParameters(database),
    sessionSecret: e.SESSION_SECRET,
    dataDir: e.DATA_DIR,
    siteUrl: e.SITE_URL || e.URL || undefined,
    enquiryRateLimitPerHour: e.ENQUIRY_RATE_LIMIT_PER_HOUR,
    newsletterRateLimitPerHour: e.NEWSLETTER_RATE_LIMIT_PER_HOUR,
    smtpUrl: e.SMTP_URL || undefined,
    notifyEmail: notifyAddresses(e.NOTIFY_EMAIL),
    mailFrom: e.MAIL_FROM || `"${firm.name} website" <${contact.email}>`,
    enquiryRetentionDays: e.ENQUIRY_RETENTION_DAYS,
    exportMaxBytes: e.EXPORT_MAX_BYTES,
  };
}

/** For tests that change the environment between cases. */
export function resetEnvCache(): void {
  cached = undefined;
  cachedFor = undefined;
}
