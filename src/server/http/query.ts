import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { fieldIssues } from '../../schemas/fields.ts';
import { badRequest } from './errors.ts';

/** The query string validated by `schema` (the first value of each name): 400 naming the fields it refuses. */
export function readQuery<S extends $ZodType>(req: Request, schema: S): output<S> {
  const values: Record<string, string> = {};
  for (const [name, value] of new URL(req.url).searchParams) if (!Object.hasOwn(values, name)) values[name] = value;
  const result = safeParse(schema, values);
  if (!result.success) throw badRequest('Invalid query', fieldIssues(result.error));
  return result.data;
}
