import type { Mailer } from '../staff/mail.ts';
import type { MailBrand } from '../staff/mail-brand.ts';
import type { DeliveryResult, Message, Sender } from './sender.ts';

// The e-mail sender (issue 34): one message to one confirmed address, in the school's name and
// look (staff/mail-brand.ts), with the one-click unsubscribe of RFC 8058 (List-Unsubscribe and
// List-Unsubscribe-Post) and the manage link in the text. SMTP through the server's Mailer, whose
// every step has a time-out; a message it could not hand over is tried again later by the job.

export interface EmailRecipient {
  email: string;
  /** The subscriber's manage page (choices, unsubscribe). */
  manageUrl: string;
  /** The API's one-click unsubscribe address (a POST with the manage link's secret). */
  unsubscribeUrl: string;
  /** The school's brand for the message. */
  school?: MailBrand | undefined;
}

/** The text both an instant message and a digest end with. */
export function footerLines(recipient: EmailRecipient, schoolName: string): string[] {
  return [
    `You get this because you subscribed to news from ${schoolName}. To change what you hear about, or to unsubscribe:`,
    recipient.manageUrl,
  ];
}

/** RFC 8058's headers: mail programs show an Unsubscribe button that posts to the address. */
export const unsubscribeHeaders = (recipient: EmailRecipient): Record<string, string> => ({
  'List-Unsubscribe': `<${recipient.unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

export function createEmailSender(mailer: Mailer): Sender<EmailRecipient> {
  return {
    channel: 'email',
    async send(recipient: EmailRecipient, message: Message): Promise<DeliveryResult> {
      if (!mailer.enabled) return { outcome: 'failed', reason: 'e-mail is not configured' };
      const handed = await mailer.send({
        to: recipient.email,
        subject: message.title,
        text: [message.title, message.body, 'Read it on the school website:', message.url, ...footerLines(recipient, message.schoolName)]
          .filter(Boolean)
          .join('\n\n'),
        school: recipient.school,
        headers: unsubscribeHeaders(recipient),
      });
      return handed ? { outcome: 'sent' } : { outcome: 'retry', reason: 'the mail server did not take the message' };
    },
  };
}
