// A session secret for machines with none configured: generated once and kept under DATA_DIR, so
// sessions survive restarts and no secret is ever committed. Production must set SESSION_SECRET.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function localSessionSecret(dataDir) {
  const file = path.resolve(dataDir, 'session-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
