import { createTransport } from 'nodemailer';
import type { Config } from '../config.ts';

// Staff e-mail (invitations, password resets) through SMTP_URL. Without it nothing is sent and the
// link is only shown to the admin who made it; with it, the link is shown as well (many schools
// pass links on by WhatsApp). Every step of the SMTP conversation has a time-out.

export const MAIL_TIMEOUT_MS = 10_000;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** True when the message was handed to the SMTP server; false when mail is off or failed. */
  send(mail: OutgoingMail): Promise<boolean>;
  readonly enabled: boolean;
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, log: { warn: (obj: object, msg: string) => void }): Mailer {
  if (!config.smtpUrl) return { enabled: false, send: async () => false };
  const transport = createTransport({
    url: config.smtpUrl,
    connectionTimeout: MAIL_TIMEOUT_MS,
    greetingTimeout: MAIL_TIMEOUT_MS,
    socketTimeout: MAIL_TIMEOUT_MS,
  });
  return {
    enabled: true,
    async send(mail) {
      try {
        await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
        return true;
      } catch (err) {
        // The address and the link stay out of the log.
        log.warn({ code: (err as { code?: unknown }).code }, 'staff mail could not be sent');
        return false;
      }
    },
  };
}
