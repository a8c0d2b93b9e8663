import { z } from './zod.ts';
import { EMAIL_PATTERN } from './alumni.ts';

// Parents' subscriptions to a school's news (/subscribe, issue 34): what they may choose, the words
// they see, and the one schema the site's form and the API both check a request with.

/** What a subscriber may choose to hear about. A school's emergency alerts are always sent. */
export const SUBSCRIPTION_TOPICS = [
  { value: 'notices', label: 'Notices and announcements' },
  { value: 'events', label: 'Events' },
  { value: 'news', label: 'News' },
  { value: 'results', label: 'Results and toppers' },
] as const;
export type SubscriptionTopic = (typeof SUBSCRIPTION_TOPICS)[number]['value'];
export const TOPIC_VALUES = SUBSCRIPTION_TOPICS.map((t) => t.value) as [SubscriptionTopic, ...SubscriptionTopic[]];

/**
 * The content types whose publishing may notify subscribers, and the topic each belongs to (a results
 * day's toppers are one send per class and session).
 */
export const NOTIFIABLE_TOPICS = {
  news: 'news',
  events: 'events',
  announcements: 'notices',
  notifications: 'notices',
  toppers: 'results',
} as const satisfies Record<string, SubscriptionTopic>;
export type NotifiableType = keyof typeof NOTIFIABLE_TOPICS;
export const isNotifiableType = (type: string): type is NotifiableType => Object.hasOwn(NOTIFIABLE_TOPICS, type);
/** The words of a topic ("news", "notices and announcements"). */
export const topicWords = (topic: string): string => SUBSCRIPTION_TOPICS.find((t) => t.value === topic)?.label.toLowerCase() ?? topic;

/** How often e-mail comes: each item as it is published, or one digest a day or a week. */
export const EMAIL_FREQUENCIES = [
  { value: 'instant', label: 'Each one as it is published' },
  { value: 'daily', label: 'One e-mail a day (only on days with news)' },
  { value: 'weekly', label: 'One e-mail a week, on Saturday' },
] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number]['value'];
const FREQUENCY_VALUES = EMAIL_FREQUENCIES.map((f) => f.value) as [EmailFrequency, ...EmailFrequency[]];

export const SUBSCRIBE_ERRORS = {
  email: 'Enter a valid email address, like name@example.org.',
  topics: 'Choose at least one kind of news.',
  frequency: 'Choose how often e-mail should come.',
} as const;

/** A form's checkbox list: one value, several, or none. */
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value]);

const topicsField = z.preprocess(
  listOf,
  z.array(z.enum(TOPIC_VALUES), { error: SUBSCRIBE_ERRORS.topics }).min(1, { error: SUBSCRIBE_ERRORS.topics }),
);

/** The e-mail subscription form (and the API's body): an address, its topics, how often. */
export const emailSubscriptionSchema = z.object({
  email: z
    .string({ error: SUBSCRIBE_ERRORS.email })
    .trim()
    .max(254, { error: SUBSCRIBE_ERRORS.email })
    .refine((v) => EMAIL_PATTERN.test(v), { error: SUBSCRIBE_ERRORS.email }),
  topics: topicsField,
  frequency: z.enum(FREQUENCY_VALUES, { error: SUBSCRIBE_ERRORS.frequency }),
});
export type EmailSubscription = z.infer<typeof emailSubscriptionSchema>;

/** Changing an e-mail subscription's choices (its address stays). */
export const subscriptionChoicesSchema = emailSubscriptionSchema.pick({ topics: true, frequency: true });

/** A browser's push subscription (PushSubscription.toJSON()) and its topics. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().max(1000),
  keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(100) }),
  topics: topicsField,
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

/** A manage or confirm link's secret: 43 base64url characters (32 random bytes). */
export const subscriptionTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
