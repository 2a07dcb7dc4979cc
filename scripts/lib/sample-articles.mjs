// Published sample articles for load and page benchmarks and `npm run db:seed-articles`: realistic
// titles, bodies of a dozen paragraphs, every category, some with a slug, an image or a video, one
// ten minutes apart going back from now so the newest sort first (the most the seed script takes,
// a million, reach back 19 years: articles are published from 1970 on). Inserted in batches, one statement each.
import { sql } from 'kysely';

/** ARTICLE_CATEGORIES of src/schemas/article.ts, which plain Node cannot import (its imports have no extension). */
export const SAMPLE_CATEGORIES = [
  'Thought Leadership',
  'Product & Solution Spotlights',
  'Customer & Partner Success Stories',
  'Industry Trends & Insights',
  'Events & Announcements',
];

const SPACING_MS = 10 * 60 * 1000;
const BATCH = 500;

function articleBody(i) {
  const paragraph = (n) =>
    `<p>Paragraph ${n} of article ${i}: positioning, pricing and channel strategy for growth-stage firms, with <strong>practical</strong> steps and <a href="https://example.com/ref/${i}-${n}">a reference</a>.</p>`;
  const parts = ['<h2>Why it matters</h2>'];
  for (let n = 1; n <= 12; n += 1) parts.push(paragraph(n));
  parts.push('<ul><li>Clarify the audience</li><li>Sharpen the offer</li><li>Measure what moves revenue</li></ul>');
  return parts.join('');
}

/** The i-th sample article (1-based); `newest` is the publication time of article 1. */
function sampleArticle(i, { newest = Date.now(), imageUrl = null } = {}) {
  const category = SAMPLE_CATEGORIES[i % SAMPLE_CATEGORIES.length];
  return {
    title: `Growth levers for ${category.toLowerCase()}, part ${i}`,
    description: `A ${(i % 7) + 3}-minute read on building demand, brand and revenue, article ${i} of the sample set.`,
    content: articleBody(i),
    author: i % 3 === 0 ? 'Admin' : 'Senior Strategist',
    category,
    imageUrl: i % 2 === 0 ? imageUrl : null,
    youtubeUrl: i % 10 === 0 ? 'https://youtu.be/dQw4w9WgXcQ' : null,
    readTime: `${(i % 7) + 3} min read`,
    metaTitle: i % 4 === 0 ? `Meta title ${i}` : null,
    metaDescription: null,
    tags: ['strategy', `topic-${i % 9}`],
    slug: i % 3 === 0 ? `sample-article-${i}` : null,
    isFeatured: i % 25 === 0,
    isPublished: true,
    publishedAt: new Date(newest - (i - 1) * SPACING_MS),
  };
}

/**
 * Inserts `count` published sample articles; returns their ids, newest first.
 * @param {import('kysely').Kysely<import('../../src/server/db/schema.ts').Database>} db
 * @param {number} count
 * @param {{ imageUrl?: string | null, onProgress?: (done: number) => void }} [options]
 */
export async function insertSampleArticles(db, count, { imageUrl = null, onProgress } = {}) {
  const newest = Date.now();
  // Numbered on from the highest article id, so a second run (npm run db:seed-articles again) adds
  // as many again instead of failing on a slug the first run gave: an id is never handed out twice,
  // and no earlier run numbered past the ids it was given. A fresh database starts at 1.
  const { last } = await db.selectFrom('articles').select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('last')).executeTakeFirstOrThrow();
  const first = Number(last) + 1;
  const ids = [];
  for (let start = first; start < first + count; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(start + BATCH, first + count); i += 1) rows.push(sampleArticle(i, { newest: newest + (first - 1) * SPACING_MS, imageUrl }));
    const inserted = await db.insertInto('articles').values(rows).returning('id').execute();
    ids.push(...inserted.map((r) => r.id));
    onProgress?.(ids.length);
  }
  // A bulk load leaves the planner's statistics describing an empty table and no page of the new
  // rows marked all-visible; Postgres' autovacuum would vacuum and analyze the table after it, the
  // embedded database has none. Without the statistics the list pages sort the whole table; without
  // the visibility map every count reads each row from the table instead of the index alone.
  await sql`vacuum analyze articles`.execute(db);
  return ids;
}
