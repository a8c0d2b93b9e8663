import { createTransport } from 'nodemailer';
import type { Config } from '../config.ts';
import { brandedHtml, type MailBrand } from './mail-brand.ts';

// Staff e-mail (invitations, password resets) through SMTP_URL, sent in the name and look of the
// school it is for (mail-brand.ts). Without it nothing is sent and the
// link is only shown to the admin who made it; with it, the link is shown as well (many schools
// pass links on by WhatsApp). Every step of the SMTP conversation has a time-out.

export const MAIL_TIMEOUT_MS = 10_000;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The school it is sent for: its name as the sender's name, an HTML part with its crest and colour (mail-brand.ts). */
  school?: MailBrand | undefined;
  /** Extra headers (a subscriber's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
}

/** MAIL_FROM's address alone ("School website <no-reply@x>" → "no-reply@x"), for a sender named after the school. */
function addressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

export interface Mailer {
  /** True when the message was handed to the SMTP server; false when mail is off or failed. */
  send(mail: OutgoingMail): Promise<boolean>;
  readonly enabled: boolean;
  /** Closes the kept SMTP connections (the server's close). */
  close?(): void;
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, log: { warn: (obj: object, msg: string) => void }): Mailer {
  if (!config.smtpUrl) return { enabled: false, send: async () => false };
  const transport = createTransport({
    url: config.smtpUrl,
    // A few kept connections, not one per message: a send to thousands of subscribers is mostly
    // SMTP greetings otherwise (npm run bench, "Notifying subscribers").
    pool: true,
    maxConnections: 5,
    connectionTimeout: MAIL_TIMEOUT_MS,
    greetingTimeout: MAIL_TIMEOUT_MS,
    socketTimeout: MAIL_TIMEOUT_MS,
  });
  return {
    enabled: true,
    close: () => transport.close(),
    async send(mail) {
      try {
        const { school } = mail;
        await transport.sendMail({
          from: school ? { name: school.name, address: addressOf(config.mailFrom) } : config.mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(school ? { html: brandedHtml(mail.text, school) } : {}),
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
        return true;
      } catch (err) {
        // The address and the link stay out of the log.
        log.warn({ code: (err as { code?: unknown }).code }, 'staff mail could not be sent');
        return false;
      }
    },
  };
}
