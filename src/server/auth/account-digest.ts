import crypto from 'node:crypto';
import { emailKey } from '../../schemas/fields.ts';

/**
 * An admin account as the sign-in throttle's counters and the known-device cookie name it: a SHA-256
 * of the username as addresses are compared, so the address itself is kept in neither (and a
 * username of 254 characters still fits the counters' varchar(255) key).
 */
export const accountDigest = (username: string) => crypto.createHash('sha256').update(emailKey(username)).digest('base64url');
