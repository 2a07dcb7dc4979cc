import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { fieldIssues } from '../../schemas/fields.ts';
import { firstValues, unescapedBytes } from './body.ts';
import { badRequest } from './errors.ts';

const NOT_UTF8_QUERY_MESSAGE = 'Not valid UTF-8';

const isUtf8 = (part: string) => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(unescapedBytes(part));
    return true;
  } catch {
    return false;
  }
};

/**
 * The names of the query's values whose %XX escapes are not UTF-8 ('%FF'; '_form' for a name that
 * is not). URLSearchParams turns each such byte into U+FFFD, and the replaced text would be searched
 * as if the sender had written it: refused, as a body that is not UTF-8 is.
 */
function namesNotUtf8(search: string): string[] {
  const names: string[] = [];
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const [name = '', value = ''] = pair.split(/=(.*)/s);
    if (!isUtf8(name)) names.push('_form');
    else if (!isUtf8(value)) names.push(new URLSearchParams(pair).keys().next().value ?? '_form');
  }
  return names;
}

/** The query string validated by `schema` (the first value of each name): 400 naming the fields it refuses. */
export function readQuery<S extends $ZodType>(req: Request, schema: S): output<S> {
  const url = new URL(req.url);
  const notUtf8 = namesNotUtf8(url.search);
  if (notUtf8.length > 0) throw badRequest('Invalid query', Object.fromEntries(notUtf8.map((name) => [name, NOT_UTF8_QUERY_MESSAGE])));
  const result = safeParse(schema, firstValues(url.searchParams));
  if (!result.success) throw badRequest('Invalid query', fieldIssues(result.error));
  return result.data;
}
