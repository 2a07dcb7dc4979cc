import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { fieldIssues } from '../../schemas/fields.ts';
import { firstValues } from './body.ts';
import { badRequest } from './errors.ts';

/** The query string validated by `schema` (the first value of each name): 400 naming the fields it refuses. */
export function readQuery<S extends $ZodType>(req: Request, schema: S): output<S> {
  const result = safeParse(schema, firstValues(new URL(req.url).searchParams));
  if (!result.success) throw badRequest('Invalid query', fieldIssues(result.error));
  return result.data;
}
