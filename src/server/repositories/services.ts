import type { Kysely } from 'kysely';
import type { Service, ServiceCreateValues, ServiceValues } from '../../schemas/service.ts';
import { createOnce, type Creation } from '../db/create-once.ts';
import { updateUnlessSavedSince, type Edit } from '../db/row-version.ts';
import type { Database, ServiceRow } from '../db/schema.ts';

/**
 * The one row-to-API mapper: every service the API answers passes through it. Fields are listed
 * one by one, so a column or an API field added on one side only fails `tsc` here.
 */
function toService(row: ServiceRow): Service {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    icon: row.icon,
    features: row.features,
    isActive: row.isActive,
    sortOrder: row.sortOrder,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** In the order the site shows them: sort order, then the older first. */
export async function listServices(db: Kysely<Database>, { includeInactive = false } = {}): Promise<Service[]> {
  let q = db.selectFrom('services').selectAll();
  if (!includeInactive) q = q.where('isActive', '=', true);
  return (await q.orderBy('sortOrder').orderBy('id').execute()).map(toService);
}

const CARD_COLUMNS = ['id', 'title', 'description', 'icon', 'features'] as const satisfies readonly (keyof ServiceRow)[];
export type ServiceCard = Pick<ServiceRow, (typeof CARD_COLUMNS)[number]>;

/** The /services page: the active services, with what a card shows. */
export function listActiveServiceCards(db: Kysely<Database>): Promise<ServiceCard[]> {
  return db
    .selectFrom('services')
    .select([...CARD_COLUMNS])
    .where('isActive', '=', true)
    .orderBy('sortOrder')
    .orderBy('id')
    .execute();
}

export async function findService(db: Kysely<Database>, id: number): Promise<Service | undefined> {
  const row = await db.selectFrom('services').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toService(row);
}

/**
 * Stores a new service, once per `submissionId` (db/create-once.ts). The same content is a retry,
 * answered with the service stored under the key; other content is a misuse of the key, refused
 * with that service (the form that sent it goes on as its edit).
 */
export async function createService(db: Kysely<Database>, { submissionId, ...values }: ServiceCreateValues): Promise<Creation<Service>> {
  return createOnce(db, 'services', values, submissionId, values, toService);
}

/**
 * Replaces a service, unless, with `openedAt`, it has been saved since with other content
 * (db/row-version.ts).
 */
export async function updateService(db: Kysely<Database>, id: number, values: ServiceValues, openedAt?: string): Promise<Edit<Service>> {
  return updateUnlessSavedSince(db, 'services', id, values, openedAt, values, toService);
}

export async function deleteService(db: Kysely<Database>, id: number): Promise<boolean> {
  const r = await db.deleteFrom('services').where('id', '=', id).executeTakeFirst();
  return r.numDeletedRows > 0n;
}
