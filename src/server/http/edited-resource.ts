/**
 * The admin's writes to a resource edited in a form (an article, a service), the same for each:
 * - POST creates, once per form (its submissionId): a retry whose answer was lost gets 200 and what
 *   it stored; other content under the same key is a 409 with that item as `stored`, so the form
 *   goes on as its edit;
 * - PUT replaces, unless someone saved it since the updatedAt it was opened at, with other content
 *   (409; the same content is a retry: 200);
 * - DELETE removes;
 * and each purges the CDN's cached pages and answers of the resource's tag.
 */
import type { Kysely } from 'kysely';
import type { $ZodType, output } from 'zod/v4/core';
import { requireAdmin } from '../auth/session.ts';
import { getDb } from '../db/client.ts';
import type { Creation } from '../db/create-once.ts';
import type { Edit } from '../db/row-version.ts';
import type { Database } from '../db/schema.ts';
import { readJson } from './body.ts';
import { purgeCacheTag, type CacheTag } from './cdn-cache.ts';
import { conflict, notFound } from './errors.ts';
import { idParam, type RouteHandler } from './handler.ts';
import { json } from './respond.ts';

export interface EditedResource<Create extends $ZodType, Update extends $ZodType<{ updatedAt?: string | undefined }>, Item> {
  createSchema: Create;
  updateSchema: Update;
  /** The largest request body a create or replace may send (body.ts's default when not given). */
  maxBytes?: number;
  tag: CacheTag;
  create: (db: Kysely<Database>, values: output<Create>) => Promise<Creation<Item>>;
  update: (db: Kysely<Database>, id: number, values: Omit<output<Update>, 'updatedAt'>, openedAt?: string) => Promise<Edit<Item>>;
  remove: (db: Kysely<Database>, id: number) => Promise<boolean>;
  /** Wraps each create and replace: where the resource turns a refusal of its own (a unique slug) into the author's 409. */
  guard?: <T>(write: () => Promise<T>) => Promise<T>;
  /** What the admin reads: no such item, saved by someone since it was opened, a form's key reused. */
  texts: { notFound: string; savedSince: string; keyReused: string };
}

export function editedResourceWrites<Create extends $ZodType, Update extends $ZodType<{ updatedAt?: string | undefined }>, Item>({
  createSchema,
  updateSchema,
  maxBytes,
  tag,
  create,
  update,
  remove,
  guard = (write) => write(),
  texts,
}: EditedResource<Create, Update, Item>): Record<'POST' | 'PUT' | 'DELETE', RouteHandler> {
  const bodyLimit = maxBytes === undefined ? {} : { maxBytes };
  return {
    POST: async (req) => {
      const db = getDb();
      await requireAdmin(req);
      const values = await readJson(req, createSchema, bodyLimit);
      const created = await guard(() => create(db, values));
      if (created.outcome === 'key-reused') throw conflict(texts.keyReused, { submissionId: texts.keyReused }, { stored: created.item });
      // A retry purges as well: its first send may have ended between its commit and its purge.
      await purgeCacheTag(tag);
      return json(created.item, { status: created.outcome === 'stored' ? 201 : 200 });
    },

    PUT: async (req, ctx) => {
      const db = getDb();
      await requireAdmin(req);
      const id = idParam(ctx);
      const { updatedAt: openedAt, ...values } = await readJson(req, updateSchema, bodyLimit);
      const edit = await guard(() => update(db, id, values, openedAt));
      if (edit.outcome === 'missing') throw notFound(texts.notFound);
      if (edit.outcome === 'saved-since') throw conflict(texts.savedSince, { updatedAt: texts.savedSince });
      await purgeCacheTag(tag);
      return json(edit.item);
    },

    DELETE: async (req, ctx) => {
      const db = getDb();
      await requireAdmin(req);
      if (!(await remove(db, idParam(ctx)))) throw notFound(texts.notFound);
      await purgeCacheTag(tag);
      return json({ ok: true });
    },
  };
}
