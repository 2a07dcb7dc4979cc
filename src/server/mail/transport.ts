/**
 * Where outgoing messages go: an SMTP server when SMTP_URL names one (any provider), otherwise an
 * RFC 5322 .eml file per message under DATA_DIR/outbox/, so a machine without mail set up shows
 * exactly what would have been sent and loses nothing.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import { encodeWord } from 'nodemailer/lib/mime-funcs';
import { getEnv } from '../env.ts';
import type { OutgoingMessage } from './message.ts';

export interface Mailer {
  /** Delivers the message or rejects with the reason; `name` labels it (the .eml file's name). */
  send(message: OutgoingMessage, name: string): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
}

// An SMTP server that hangs must not hold a function past its own time limit.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** The folder the .eml files go to. */
export const outboxDir = (dataDir: string) => path.resolve(dataDir, 'outbox');

/** The reason every send gives while SMTP_URL names no mail server; never the value, which holds a password. */
const SMTP_URL_INVALID = 'SMTP_URL is not an smtp:// or smtps:// URL: set it to the mail server, as smtp://user:password@host:587';

/**
 * The mail server accepted the message for some of its recipients and refused it for others (a
 * 4xx or 5xx reply to their RCPT TO). nodemailer reports that as a success; a notice to a
 * NOTIFY_EMAIL list was then marked sent while a partner never got it, and nobody was told.
 */
export class PartlyRefused extends Error {
  /** True when every refusal was permanent (5xx): sending again would be refused again. */
  readonly permanent: boolean;
  /** The recipients that have the message. */
  readonly accepted: string[];
  constructor(accepted: string[], refusals: { recipient?: string; response?: string; responseCode?: number }[]) {
    super(
      `${refusals.map((r) => `Not accepted for ${r.recipient ?? 'a recipient'}: ${r.response ?? 'refused'}`).join('; ')} ` +
        '(every other recipient has it, and is not sent it again)',
    );
    this.accepted = accepted;
    this.permanent = refusals.every((r) => typeof r.responseCode === 'number' && r.responseCode >= 500 && r.responseCode < 600);
  }
}

/**
 * The Subject as the message carries it. nodemailer leaves a valid MIME encoded word in a header as
 * it is (a caller may hand it one ready-made), and mail clients decode it: a notice whose enquirer
 * typed '=?UTF-8?Q?=E2=80=AE...?=' as a name reached the firm with a direction override in its
 * subject, which the form drops from every name, or with whatever other text the word spelled. A
 * subject holding '=?' is encoded whole, so it reads as it was written.
 */
const literalSubject = (subject: string) => (subject.includes('=?') ? encodeWord(subject, 'Q', 52) : subject);

/**
 * Every message the site sends is written by it, not by a person (RFC 3834 auto-generated; the second
 * header is Exchange's own for the same): no out-of-office answers it. Otherwise a partner on leave
 * had their out-of-office sent to the enquirer (the notice's Reply-To), quoting the enquirer's name
 * in its subject, and a subscriber away sent theirs to the firm's own address, one for every welcome.
 */
const AUTOMATIC_HEADERS = { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'OOF, AutoReply' };

/** A Message-ID for `identity`, on the From's domain as nodemailer's own are (a random one without an identity). */
function messageIdOf(from: string, identity: string | undefined): { messageId?: string } {
  const domain = addressparser(from, { flatten: true })[0]?.address.split('@')[1];
  return identity && domain ? { messageId: `<${identity}@${domain}>` } : {};
}

/** The message as nodemailer takes it: its subject as written, marked automatic, the From of the site. */
const mailOptions = (from: string, { identity, ...message }: Omit<OutgoingMessage, 'envelopeTo'>) => ({
  from,
  ...message,
  ...messageIdOf(from, identity),
  subject: literalSubject(message.subject),
  headers: { ...AUTOMATIC_HEADERS, ...message.headers },
});

const isSmtpUrl = (url: string) => URL.canParse(url) && ['smtp:', 'smtps:'].includes(new URL(url).protocol);

export function createMailer({ smtpUrl, from, dataDir }: MailerOptions): Mailer {
  if (smtpUrl && !isSmtpUrl(smtpUrl)) {
    // Each message keeps this reason and is retried: a corrected SMTP_URL sends it.
    return {
      async send() {
        throw new Error(SMTP_URL_INVALID);
      },
    };
  }
  if (smtpUrl) {
    const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS } as never);
    return {
      async send({ envelopeTo, ...message }) {
        const info = await transport.sendMail({ ...mailOptions(from, message), ...(envelopeTo ? { envelope: { from, to: envelopeTo } } : {}) });
        if (info.rejected.length > 0) {
          throw new PartlyRefused(info.accepted.map(String), (info as { rejectedErrors?: ConstructorParameters<typeof PartlyRefused>[1] }).rejectedErrors ?? []);
        }
      },
    };
  }
  // The stream transport composes the raw message exactly as SMTP would carry it, CRLF line ends.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const dir = outboxDir(dataDir);
  return {
    async send({ envelopeTo: _envelope, ...message }, name) {
      const info = await composer.sendMail(mailOptions(from, message));
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${name.replace(/[^A-Za-z0-9_-]/g, '_')}.eml`);
      try {
        // The folder is made when a write finds it missing (the first message, or after it was
        // removed), not before every message: that mkdir was 1.7 % of the server's CPU under the
        // enquiry benchmark, one notice written per enquiry.
        await fs.writeFile(file, info.message as Buffer).catch(async (err: NodeJS.ErrnoException) => {
          if (err.code !== 'ENOENT') throw err;
          await fs.mkdir(dir, { recursive: true });
          await fs.writeFile(file, info.message as Buffer);
        });
      } catch (err) {
        // A deployed function's folder is read-only: the reason the inbox shows must say what to set.
        const code = (err as NodeJS.ErrnoException).code ?? 'write failed';
        throw new Error(`No mail server is set (SMTP_URL), and the message could not be kept as a file in ${dir} either (${code})`);
      }
    },
  };
}

let cached: { key: string; mailer: Mailer } | undefined;

/** The process's mailer, as the environment configures it. */
export function getMailer(): Mailer {
  const env = getEnv();
  const key = `${env.smtpUrl ?? ''}\0${env.mailFrom}\0${env.dataDir}`;
  if (cached?.key !== key) cached = { key, mailer: createMailer({ smtpUrl: env.smtpUrl, from: env.mailFrom, dataDir: env.dataDir }) };
  return cached.mailer;
}
