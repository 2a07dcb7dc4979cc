// POST /api/auth/request-reset {email} -> 200 {message}
// Password reset by e-mail stays disabled, whatever SMTP_URL says (an admin's password is reset
// with `npm run admin -- reset-password`): the answer says so, the same for every address (it
// never tells whether an account exists), and never as a server error.
import type { Config } from '@netlify/functions';
import { requestResetSchema } from '../../src/schemas/auth.ts';
import { readAuthJson } from '../../src/server/auth/auth-body.ts';
import { route } from '../../src/server/http/handler.ts';
import { json } from '../../src/server/http/respond.ts';

const RESET_UNAVAILABLE_MESSAGE =
  'Password reset is disabled because the email service is not configured. Please contact the site administrator.';

export default route({
  POST: async (req) => {
    await readAuthJson(req, requestResetSchema);
    return json({ message: RESET_UNAVAILABLE_MESSAGE });
  },
});

export const config: Config = { path: '/api/auth/request-reset' };
