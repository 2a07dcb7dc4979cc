import type { Kysely } from 'kysely';
import { PATH_ONLY, publicCacheHeaders, uncachedHeaders } from './cdn-cache.ts';
import { getDb } from '../db/client.ts';
import type { Database } from '../db/schema.ts';
import { route } from './handler.ts';
import { json } from './respond.ts';

/**
 * The GET function of a table the admin panel lists as Coming Soon (src/server/repositories/
 * catalogue.ts): public, and kept by the CDN keyed on the path alone, so however often it is asked
 * the database answers at most once a minute per edge. Nothing in the app writes these tables (their
 * rows come with the migrations, 0021_catalogue_seed and later ones), so nothing needs purging.
 */
export const catalogueRoute = <Row>(list: (db: Kysely<Database>) => Promise<Row[]>) =>
  route({ GET: async () => json(await list(getDb()), { headers: publicCacheHeaders(PATH_ONLY, []) }) }, { errorHeaders: uncachedHeaders(PATH_ONLY) });
