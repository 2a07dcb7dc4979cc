/**
 * What a save (PUT) of an admin's edit sends back as `updatedAt`: the `updatedAt` the item had when
 * the edit was opened. A row someone else saved since is then not overwritten unseen (409 naming
 * this field). Optional: a client that names none replaces the row as before. Its own module, not
 * fields.ts: the public forms' bundles carry fields.ts, and never save an edit.
 */
import { z } from 'zod';
// Sets zod jitless before the schema below is built (fields.ts says why).
import './fields';

export const openedAtField = z.iso.datetime({ offset: true, error: 'Must be the updatedAt the item was read with' }).optional();
