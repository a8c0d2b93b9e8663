// One interface for every channel that tells subscribers about a school's news (ARCHITECTURE.md
// "Senders"): web push and e-mail are its implementations here. A WhatsApp Business sender (an
// approved utility template per topic, the recipient's opt-in recorded) or an SMS sender (India's
// DLT-registered template and header) would be a third and fourth: they take the same Message,
// answer the same DeliveryResult, and are called by the same send job (docs/notifications.md).

/** What a subscriber may choose to hear about; emergency alerts are always on. */
export const TOPICS = ['notices', 'events', 'news', 'results'] as const;
export type Topic = (typeof TOPICS)[number] | 'emergency';

/** One notification: no personal data, only what the public page it opens says. */
export interface Message {
  schoolCode: string;
  /** The school's name, shown as the notification's or the e-mail's sender. */
  schoolName: string;
  title: string;
  /** One or two sentences; plain text. */
  body: string;
  /** The public page it opens (absolute URL). */
  url: string;
  topic: Topic;
  /** How long a push service may hold it for an offline phone. */
  ttlSeconds: number;
  urgency: 'normal' | 'high';
  /** Replaces an earlier notification with the same tag on the device (one per item). */
  tag: string;
}

/** How one delivery went, in the terms the send job acts on. */
export type DeliveryResult =
  | { outcome: 'sent' }
  /** The subscription no longer exists (push 404/410): removed at once. */
  | { outcome: 'gone' }
  /** Worth another try later (429, 5xx, a time-out); `afterMs` from Retry-After when given. */
  | { outcome: 'retry'; reason: string; afterMs?: number }
  /** Will not succeed (a refused address, a 4xx other than the above). */
  | { outcome: 'failed'; reason: string };

export interface Sender<Recipient> {
  readonly channel: 'push' | 'email';
  send(recipient: Recipient, message: Message, signal?: AbortSignal): Promise<DeliveryResult>;
  /** Ends what the sender keeps (a worker, connections). */
  close?(): Promise<void>;
}

/** A browser's push subscription as PushSubscription.toJSON() gives it. */
export interface PushRecipient {
  endpoint: string;
  /** The browser's P-256 public key, base64url. */
  p256dh: string;
  /** The 16-byte auth secret, base64url. */
  auth: string;
}
