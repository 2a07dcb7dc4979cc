import type { Kysely } from 'kysely';
import type { Database, NewService, ServiceRow, ServiceUpdate } from '../db/schema.ts';

export function listServices(db: Kysely<Database>, { includeInactive = false } = {}): Promise<ServiceRow[]> {
  let q = db.selectFrom('services').selectAll();
  if (!includeInactive) q = q.where('isActive', '=', true);
  return q.orderBy('sortOrder').orderBy('id').execute();
}

export function findService(db: Kysely<Database>, id: number): Promise<ServiceRow | undefined> {
  return db.selectFrom('services').selectAll().where('id', '=', id).executeTakeFirst();
}

export function createService(db: Kysely<Database>, values: NewService): Promise<ServiceRow> {
  return db.insertInto('services').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateService(db: Kysely<Database>, id: number, values: ServiceUpdate): Promise<ServiceRow | undefined> {
  return db
    .updateTable('services')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteService(db: Kysely<Database>, id: number): Promise<boolean> {
  const r = await db.deleteFrom('services').where('id', '=', id).executeTakeFirst();
  return r.numDeletedRows > 0n;
}
