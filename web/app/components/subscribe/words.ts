import { EMAIL_FREQUENCIES, SUBSCRIBE_ERRORS, SUBSCRIPTION_TOPICS } from '@sthsm/contract/subscriptions';
import type { MessageKey } from '../../i18n/catalogue';
import type { I18n, Translate } from '../../i18n/i18n';

// The subscription pages' words in the page's language (issue 35), in one place for the routes'
// actions, the server-rendered forms and (through `data-words`) islands/subscribe.ts. The shared
// schema (packages/contract/src/subscriptions.ts) and the API give their messages in English: an
// English page shows them exactly; a page in another language shows its catalogue's text instead
// (forms.subscribe.error.*, whose English is the schema's message: subscribe-words.test.ts).

export type SubscribeField = keyof typeof SUBSCRIBE_ERRORS;

export const SUBSCRIBE_ERROR_KEYS: Record<SubscribeField, MessageKey> = {
  email: 'forms.subscribe.error.email',
  topics: 'forms.subscribe.error.topics',
  frequency: 'forms.subscribe.error.frequency',
};

export const SUBSCRIBE_LABEL_KEYS: Record<SubscribeField, MessageKey> = {
  email: 'forms.subscribe.email',
  topics: 'forms.subscribe.topics',
  frequency: 'forms.subscribe.frequency',
};

type Topic = (typeof SUBSCRIPTION_TOPICS)[number]['value'];
type Frequency = (typeof EMAIL_FREQUENCIES)[number]['value'];

export const TOPIC_KEYS: Record<Topic, MessageKey> = {
  notices: 'forms.subscribe.topic.notices',
  events: 'forms.subscribe.topic.events',
  news: 'forms.subscribe.topic.news',
  results: 'forms.subscribe.topic.results',
};

export const FREQUENCY_KEYS: Record<Frequency, MessageKey> = {
  instant: 'forms.subscribe.frequencyOption.instant',
  daily: 'forms.subscribe.frequencyOption.daily',
  weekly: 'forms.subscribe.frequencyOption.weekly',
};

/**
 * A field's error in the page's language; English stays as it came. Each field has one message in
 * the schema (a value no form offers, such as an unknown topic, gets zod's own: the same request).
 */
export function subscribeErrorText({ locale, t }: Pick<I18n, 'locale' | 't'>, field: SubscribeField, message: string): string {
  return locale === 'en' ? message : t(SUBSCRIBE_ERROR_KEYS[field]);
}

/** A form's field errors in the page's language. */
export function subscribeErrors(
  i18n: Pick<I18n, 'locale' | 't'>,
  errors: Partial<Record<SubscribeField, string>>,
): Partial<Record<SubscribeField, string>> {
  const out: Partial<Record<SubscribeField, string>> = {};
  for (const field of ['email', 'topics', 'frequency'] as const) {
    const message = errors[field];
    if (message) out[field] = subscribeErrorText(i18n, field, message);
  }
  return out;
}

/**
 * What the API (or the site's call to it) answered when it refused or failed, in the page's language:
 * English keeps the API's own message; another language says the same by its status (0: not reached;
 * 404: the link is no longer valid; 429: too many requests).
 */
export function apiFailureText(
  { locale, t }: Pick<I18n, 'locale' | 't'>,
  result: { status: number; error: string },
  linkGone: MessageKey = 'forms.subscribe.linkGone',
): string {
  if (locale === 'en') return result.error;
  if (result.status === 0) return t('forms.subscribe.unreachable');
  if (result.status === 404 || result.status === 410) return t(linkGone);
  if (result.status === 429) return t('forms.subscribe.tooMany');
  if (result.status === 400) return t('forms.subscribe.invalid');
  return t('forms.subscribe.failed');
}

/** The words islands/subscribe.ts says in the browser (its English is the island's own). */
export interface SubscribeIslandWords {
  on: string;
  off: string;
  saved: string;
  offer: string;
  blocked: string;
  dismissed: string;
  unsupported: string;
  homeScreen: string;
  failed: string;
  offFailed: string;
  topics: string;
}

export function subscribeIslandWords(t: Translate): SubscribeIslandWords {
  return {
    on: t('forms.subscribe.push.on'),
    off: t('forms.subscribe.push.off'),
    saved: t('forms.subscribe.push.saved'),
    offer: t('forms.subscribe.push.offer'),
    blocked: t('forms.subscribe.push.blocked'),
    dismissed: t('forms.subscribe.push.dismissed'),
    unsupported: t('forms.subscribe.push.unsupported'),
    homeScreen: t('forms.subscribe.push.homeScreen'),
    failed: t('forms.subscribe.push.failed'),
    offFailed: t('forms.subscribe.push.offFailed'),
    topics: t('forms.subscribe.error.topics'),
  };
}
