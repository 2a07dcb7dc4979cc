// GET /api/auth/me -> {user: {username}} for a valid session, else 401.
import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/server/auth/session.ts';
import { route } from '../../src/server/http/handler.ts';
import { json } from '../../src/server/http/respond.ts';

export default route({
  GET: async (req) => {
    const user = await requireAdmin(req);
    return json({ user: { username: user.username } });
  },
});

export const config: Config = { path: '/api/auth/me' };
