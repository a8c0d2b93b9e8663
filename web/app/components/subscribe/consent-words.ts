import { CONSENT_PURPOSE_LABELS, type ConsentPurpose } from '@sthsm/contract/children';
import type { MessageKey } from '../../i18n/catalogue';
import type { I18n } from '../../i18n/i18n';

// The guardian's consent page's words (/consent/{token}) in the page's language (issue 35). The
// API (api/src/routes/consent.ts) answers in English: the purposes' names and plain words, what it
// did, why it refused. An English page shows them exactly; a page in another language shows its
// catalogue's text (forms.consent.*), found here by the purpose or by the API's English message.

type Words = Pick<I18n, 'locale' | 't'>;

export const PURPOSE_LABEL_KEYS: Record<ConsentPurpose, MessageKey> = {
  birthday: 'forms.consent.purpose.birthday',
  results: 'forms.consent.purpose.results',
  photos: 'forms.consent.purpose.photos',
};

export const PURPOSE_WORDS_KEYS: Record<ConsentPurpose, MessageKey> = {
  birthday: 'forms.consent.purposeWords.birthday',
  results: 'forms.consent.purposeWords.results',
  photos: 'forms.consent.purposeWords.photos',
};

/** A purpose's name and plain words as the page says them (English: the API's). */
export function purposeText({ locale, t }: Words, p: { purpose: ConsentPurpose; label: string; words: string }) {
  return locale === 'en'
    ? { label: p.label, words: p.words }
    : { label: t(PURPOSE_LABEL_KEYS[p.purpose]), words: t(PURPOSE_WORDS_KEYS[p.purpose]) };
}

/** The API's messages, by their English text (api/src/routes/consent.ts). */
export const CONSENT_MESSAGE_KEYS: Readonly<Record<string, MessageKey>> = {
  'Thank you. Your answer is recorded.': 'forms.consent.recorded',
  'Thank you. Your answer is recorded: nothing will be shown.': 'forms.consent.recordedNothing',
  'There was no consent in effect to withdraw.': 'forms.consent.noneToWithdraw',
  'You have answered already. This page shows what is in effect now; you can withdraw consent below.': 'forms.consent.answered',
  'Please answer yes or no for each purpose. Nothing was saved.': 'forms.consent.formError',
  'Choose what to withdraw consent for.': 'forms.consent.chooseWithdraw',
};

const PURPOSES = Object.keys(CONSENT_PURPOSE_LABELS) as ConsentPurpose[];
const purposeOfLabel = (label: string) => PURPOSES.find((p) => CONSENT_PURPOSE_LABELS[p].toLowerCase() === label);

/** A message of the API (what it did, or why it refused) in the page's language; English stays as it came. */
export function consentMessage({ locale, t }: Words, message: string, status?: number): string {
  if (locale === 'en' || !message) return message;
  const key = CONSENT_MESSAGE_KEYS[message];
  if (key) return t(key);
  const withdrawn = /^Consent withdrawn: (.+)\. It has taken effect now\.$/.exec(message);
  const purpose = withdrawn ? purposeOfLabel(withdrawn[1] ?? '') : undefined;
  if (purpose) return t('forms.consent.withdrawn', { purpose: t(PURPOSE_LABEL_KEYS[purpose]) });
  if (status === 404) return t('forms.consent.linkGone');
  if (status === 0) return t('forms.subscribe.unreachable');
  if (status === 429) return t('forms.subscribe.tooMany');
  return t('forms.subscribe.failed');
}

/** A purpose's error ("Choose yes or no: photos on the site.") in the page's language. */
export function consentFieldError({ locale, t }: Words, purpose: string, message: string): string {
  if (locale === 'en' || !(PURPOSES as string[]).includes(purpose)) return message;
  return t('forms.consent.chooseYesNo', { purpose: t(PURPOSE_LABEL_KEYS[purpose as ConsentPurpose]) });
}
