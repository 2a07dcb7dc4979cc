import type { $ZodType, output } from 'zod/v4/core';
import { readJson } from '../http/body.ts';
import { HttpError, badRequest } from '../http/errors.ts';

/**
 * readJson for the auth forms: a 400's `error` is the first field message ('Valid email is
 * required', 'New password must be at least 8 characters'), because the panel shows the
 * server's `error` text in its toasts; the field issues stay alongside.
 */
export async function readAuthJson<S extends $ZodType>(req: Request, schema: S): Promise<output<S>> {
  try {
    return await readJson(req, schema);
  } catch (err) {
    const first = err instanceof HttpError && err.status === 400 && err.issues ? Object.values(err.issues)[0] : undefined;
    if (first && err instanceof HttpError) throw badRequest(first, err.issues);
    throw err;
  }
}
