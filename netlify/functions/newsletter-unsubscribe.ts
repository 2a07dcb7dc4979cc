// GET  /api/newsletter/unsubscribe?email=...&token=...  the link in every newsletter message
// POST /api/newsletter/unsubscribe?email=...&token=...  the one-click unsubscribe of RFC 8058 (mail
//                                                      clients post `List-Unsubscribe=One-Click`)
// Either unsubscribes the address when the token is ours, unexpired and made for that address,
// and answers a plain confirmation page; anything else is a 400 page that changes nothing.
// No session: the signed token is the proof.
import type { Config } from '@netlify/functions';
import { unsubscribePage } from '../../src/content/leads.ts';
import { unsubscribeQuerySchema } from '../../src/schemas/newsletter.ts';
import { verifyUnsubscribeToken } from '../../src/server/auth/unsubscribe-token.ts';
import { getDb } from '../../src/server/db/client.ts';
import { route } from '../../src/server/http/handler.ts';
import { plainPage } from '../../src/server/http/plain-page.ts';
import { unsubscribe } from '../../src/server/repositories/subscribers.ts';
import { PAGE_PATHS } from '../../src/lib/permalinks.ts';

const back = { label: unsubscribePage.back, href: PAGE_PATHS.insights };

async function handle(req: Request): Promise<Response> {
  const query = unsubscribeQuerySchema.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  const valid = query.success && (await verifyUnsubscribeToken(query.data.token, query.data.email));
  if (!valid || !(await unsubscribe(getDb(), query.data.email))) {
    return plainPage({ title: unsubscribePage.invalidTitle, text: unsubscribePage.invalidText, link: back, status: 400 });
  }
  return plainPage({ title: unsubscribePage.doneTitle, text: unsubscribePage.doneText, link: back });
}

export default route({ GET: handle, POST: handle });

export const config: Config = { path: '/api/newsletter/unsubscribe' };
