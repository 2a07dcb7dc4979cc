import type { Kysely } from 'kysely';
import type { Service, ServiceCreateValues } from '../../schemas/service.ts';
import { createOnce, holdsSent, type Creation } from '../db/create-once.ts';
import { stillAt } from '../db/row-version.ts';
import type { Database, ServiceRow, ServiceUpdate } from '../db/schema.ts';

/**
 * The one row-to-API mapper: every service the API answers passes through it. Fields are listed
 * one by one, so a column or an API field added on one side only fails `tsc` here.
 */
export function toService(row: ServiceRow): Service {
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
 * answered with the service stored under the key; other content is a misuse of the key.
 */
export async function createService(db: Kysely<Database>, { submissionId, ...values }: ServiceCreateValues): Promise<Creation<Service>> {
  return createOnce(db, 'services', values, submissionId, values, toService);
}

/**
 * Replaces a service; undefined when there is none with that id or, with `openedAt` (the
 * `updatedAt` its edit was opened at), when it has been saved since (db/row-version.ts) with other
 * content. Saved since with this very content is this edit sent again after its answer was lost:
 * answered with the service as stored, nothing written, rather than refused as someone else's save.
 */
export async function updateService(db: Kysely<Database>, id: number, values: ServiceUpdate, openedAt?: string): Promise<Service | undefined> {
  let update = db
    .updateTable('services')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', id);
  if (openedAt !== undefined) update = update.where(stillAt(openedAt));
  const updated = await update
    .returningAll()
    .executeTakeFirst();
  if (updated) return toService(updated);
  if (openedAt === undefined) return undefined;
  const stored = await db.selectFrom('services').selectAll().where('id', '=', id).executeTakeFirst();
  const { updatedAt: _, ...sent } = values;
  return stored && holdsSent<ServiceRow>(stored, sent) ? toService(stored) : undefined;
}

export async function deleteService(db: Kysely<Database>, id: number): Promise<boolean> {
  const r = await db.deleteFrom('services').where('id', '=', id).executeTakeFirst();
  return r.numDeletedRows > 0n;
}
