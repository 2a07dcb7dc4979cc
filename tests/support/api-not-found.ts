import type { APIContext } from 'astro';
import { ALL } from '../../src/pages/api/[...path].ts';

/** The on-demand route answering an /api path no function claims, called the way call() calls a function. */
export const apiNotFound = (req: Request) => ALL({ url: new URL(req.url), request: req } as unknown as APIContext);
