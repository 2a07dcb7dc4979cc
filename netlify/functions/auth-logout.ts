// POST /api/auth/logout -> {ok: true}; ends every session of the signed-in admin and clears the cookie.
// Answers the same without a session (logging out twice is not an error).
import type { Config } from '@netlify/functions';
import { clearedSessionCookie } from '../../src/server/auth/cookies.ts';
import { endAllSessions, getSession } from '../../src/server/auth/session.ts';
import { getDb } from '../../src/server/db/client.ts';
import { route } from '../../src/server/http/handler.ts';
import { json } from '../../src/server/http/respond.ts';

export default route({
  POST: async (req) => {
    const db = getDb();
    const user = await getSession(req);
    // The token itself stays valid until it expires, so ending it means bumping the version.
    if (user) await endAllSessions(db, user.id);
    return json({ ok: true }, { headers: { 'Set-Cookie': clearedSessionCookie(req) } });
  },
});

export const config: Config = { path: '/api/auth/logout' };
