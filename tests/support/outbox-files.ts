import { promises as fs } from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { getEnv } from '../../src/server/env.ts';
import { outboxDir } from '../../src/server/mail/transport.ts';

/**
 * The messages the mailer wrote as .eml files under the run's DATA_DIR/outbox for the outbox job
 * `name` ('welcome-12', 'enquiry-notice-7'). Test files with databases of their own share that
 * folder, so another database's job of the same id may have written one too: a test picks its
 * message by what only its message holds (its recipient, its Reply-To).
 */
export async function outboxFiles(name: string): Promise<{ raw: Buffer; mail: ParsedMail }[]> {
  const dir = outboxDir(getEnv().dataDir);
  const files = (await fs.readdir(dir)).filter((file) => file.endsWith(`-${name}.eml`));
  return Promise.all(
    files.map(async (file) => {
      const raw = await fs.readFile(path.join(dir, file));
      return { raw, mail: await simpleParser(raw) };
    }),
  );
}

/** The addresses of a message's To, or of its Reply-To. */
export const addressesOf = (field: ParsedMail['to'] | ParsedMail['replyTo']) =>
  field && !Array.isArray(field) ? field.value.map((v) => v.address) : [];
