import { describe, expect, it } from 'vitest';
import { CONSENT_PURPOSE_LABELS, CONSENT_PURPOSE_WORDS, CONSENT_PURPOSES, guardianAnswerBody } from '@sthsm/contract/children';
import { fieldErrors } from '@sthsm/contract/staff';
import {
  EMAIL_FREQUENCIES,
  emailSubscriptionSchema,
  SUBSCRIBE_ERRORS,
  SUBSCRIPTION_TOPICS,
  subscriptionChoicesSchema,
} from '@sthsm/contract/subscriptions';
import { ENGLISH } from '../../i18n/catalogue';
import { catalogueOf } from '../../i18n/catalogues.server';
import { i18nOf } from '../../i18n/i18n';
import {
  CONSENT_MESSAGE_KEYS,
  consentFieldError,
  consentMessage,
  PURPOSE_LABEL_KEYS,
  PURPOSE_WORDS_KEYS,
  purposeText,
} from './consent-words';
import {
  apiFailureText,
  FREQUENCY_KEYS,
  SUBSCRIBE_ERROR_KEYS,
  subscribeErrors,
  subscribeErrorText,
  subscribeIslandWords,
  TOPIC_KEYS,
  type SubscribeField,
} from './words';

// Issue 35: the subscription and consent pages' messages come from the shared schemas and the API,
// in English; a Hindi page shows each in Hindi, an English page exactly the English. A new English
// message the catalogue does not know would stay English on a Hindi page: these tests fail first.

const english = i18nOf('en', null);
const hindi = i18nOf('hi', catalogueOf('hi'));
const DEVANAGARI = /[\u0900-\u097F]/;

describe('the subscription forms in Hindi', () => {
  it('knows each schema message by its English text', () => {
    for (const field of Object.keys(SUBSCRIBE_ERRORS) as SubscribeField[]) {
      expect(ENGLISH[SUBSCRIBE_ERROR_KEYS[field]]).toBe(SUBSCRIBE_ERRORS[field]);
    }
  });

  it('shows every message the schema gives in Hindi, and keeps the English on an English page', () => {
    const inputs: unknown[] = [{}, { email: 'asha@', topics: ['x'], frequency: 'hourly' }, { email: 'x'.repeat(300), topics: [] }];
    for (const input of inputs) {
      for (const schema of [emailSubscriptionSchema, subscriptionChoicesSchema]) {
        const parsed = schema.safeParse(input);
        expect(parsed.success).toBe(false);
        if (parsed.success) continue;
        const errors = fieldErrors(parsed.error) as Partial<Record<SubscribeField, string>>;
        expect(subscribeErrors(english, errors)).toEqual(errors);
        for (const message of Object.values(subscribeErrors(hindi, errors))) expect(message).toMatch(DEVANAGARI);
      }
    }
  });

  it('says a field’s one message for whatever the schema gave', () => {
    expect(subscribeErrorText(english, 'email', 'Something new.')).toBe('Something new.');
    expect(subscribeErrorText(hindi, 'email', 'Something new.')).toBe(hindi.t('forms.subscribe.error.email'));
    expect(subscribeErrorText(hindi, 'topics', SUBSCRIBE_ERRORS.topics)).toBe('कम से कम एक प्रकार की जानकारी चुनें।');
  });

  it('names the topics and frequencies as the contract does in English', () => {
    for (const topic of SUBSCRIPTION_TOPICS) expect(ENGLISH[TOPIC_KEYS[topic.value]]).toBe(topic.label);
    for (const frequency of EMAIL_FREQUENCIES) expect(ENGLISH[FREQUENCY_KEYS[frequency.value]]).toBe(frequency.label);
  });

  it('says what the API answered: its English on an English page, Hindi by status on a Hindi one', () => {
    const failure = { status: 404, error: 'This link has expired or was already used. You can subscribe again on the Subscribe page.' };
    expect(apiFailureText(english, failure)).toBe(failure.error);
    expect(ENGLISH['forms.subscribe.linkGone']).toBe(failure.error);
    for (const status of [0, 400, 404, 429, 502, 503]) expect(apiFailureText(hindi, { status, error: 'English' })).toMatch(DEVANAGARI);
    expect(apiFailureText(hindi, failure, 'forms.confirm.request.incomplete')).toBe(hindi.t('forms.confirm.request.incomplete'));
  });

  it('gives the browser’s module its words in Hindi', () => {
    const words = subscribeIslandWords(hindi.t);
    for (const text of Object.values(words)) expect(text).toMatch(DEVANAGARI);
    expect(subscribeIslandWords(english.t).topics).toBe(SUBSCRIBE_ERRORS.topics);
  });
});

describe('the guardian’s consent page in Hindi', () => {
  it('knows the purposes’ names and words as the contract gives them in English', () => {
    for (const purpose of CONSENT_PURPOSES) {
      expect(ENGLISH[PURPOSE_LABEL_KEYS[purpose]]).toBe(CONSENT_PURPOSE_LABELS[purpose]);
      expect(ENGLISH[PURPOSE_WORDS_KEYS[purpose]]).toBe(CONSENT_PURPOSE_WORDS[purpose]);
      const p = { purpose, label: CONSENT_PURPOSE_LABELS[purpose], words: CONSENT_PURPOSE_WORDS[purpose] };
      expect(purposeText(english, p)).toEqual({ label: p.label, words: p.words });
      expect(purposeText(hindi, p).label).toMatch(DEVANAGARI);
    }
  });

  it('says each of the API’s messages in Hindi, and keeps the English on an English page', () => {
    for (const [message, key] of Object.entries(CONSENT_MESSAGE_KEYS)) {
      expect(ENGLISH[key]).toBe(message);
      expect(consentMessage(english, message)).toBe(message);
      expect(consentMessage(hindi, message)).toBe(hindi.t(key));
    }
    expect(consentMessage(hindi, 'Consent withdrawn: photos on the site. It has taken effect now.')).toBe(
      'सहमति वापस ले ली गई: वेबसाइट पर फ़ोटो। यह अभी से प्रभावी है।',
    );
    expect(consentMessage(hindi, 'Anything else', 404)).toBe(hindi.t('forms.consent.linkGone'));
    expect(consentMessage(hindi, '')).toBe('');
  });

  it('says the schema’s “choose yes or no” in Hindi', () => {
    const parsed = guardianAnswerBody(CONSENT_PURPOSES).safeParse({});
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    for (const [purpose, message] of Object.entries(fieldErrors(parsed.error))) {
      expect(consentFieldError(english, purpose, message)).toBe(message);
      expect(consentFieldError(hindi, purpose, message)).toMatch(/^हाँ या नहीं चुनें: वेबसाइट पर/);
      expect(message).toBe(english.t('forms.consent.chooseYesNo', { purpose: CONSENT_PURPOSE_LABELS[purpose as 'photos'].toLowerCase() }));
    }
  });
});
