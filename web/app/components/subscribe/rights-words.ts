import { RIGHTS_ERRORS } from '@sthsm/contract/rights-requests';
import type { MessageKey } from '../../i18n/catalogue';
import type { I18n } from '../../i18n/i18n';

// The words of the data request form (/privacy/request) in the page's language (issue 35). The
// shared schema (packages/contract/src/rights-requests.ts) checks a request in the site's action
// and in the API and gives its messages in English; a page in another language shows each as its
// catalogue's text (forms.request.error.*, whose English is the schema's message: rights-words.test.ts).

export type RightsField = keyof typeof RIGHTS_ERRORS;

export const RIGHTS_ERROR_KEYS: Record<RightsField, MessageKey> = {
  kind: 'forms.request.error.kind',
  about: 'forms.request.error.about',
  childName: 'forms.request.error.childName',
  childClass: 'forms.request.error.childClass',
  name: 'forms.request.error.name',
  email: 'forms.request.error.email',
  phone: 'forms.request.error.phone',
  correction: 'forms.request.error.correction',
};

export const RIGHTS_LABEL_KEYS: Record<RightsField, MessageKey> = {
  kind: 'forms.request.label.kind',
  about: 'forms.request.label.about',
  childName: 'forms.request.label.childName',
  childClass: 'forms.request.label.childClass',
  name: 'forms.request.label.name',
  email: 'forms.request.label.email',
  phone: 'forms.request.label.phone',
  correction: 'forms.request.label.correction',
};

const TOO_LONG = / \(at most (\d+) characters\)\.$/;

/** A field's error in the page's language; English stays the schema's message exactly. */
export function rightsErrorText({ locale, t }: Pick<I18n, 'locale' | 't'>, field: RightsField, message: string): string {
  if (locale === 'en') return message;
  const translated = t(RIGHTS_ERROR_KEYS[field]);
  if (message === RIGHTS_ERRORS[field]) return translated;
  const long = TOO_LONG.exec(message);
  if (long && message.startsWith(RIGHTS_ERRORS[field].replace(/\.$/, ''))) {
    return t('forms.request.error.tooLong', { error: translated.replace(/[.।]$/, ''), max: long[1] ?? '' });
  }
  return message;
}

/** A choice's words (what is asked for, about whom) by its value; an unknown one keeps its English. */
export function rightsChoiceLabel(t: I18n['t'], field: 'kind' | 'about', option: { value: string; label: string }): string {
  const key = `forms.request.${field}.${option.value}`;
  return isKey(key) ? t(key) : option.label;
}

const CHOICE_KEYS: readonly MessageKey[] = [
  'forms.request.kind.access',
  'forms.request.kind.correct',
  'forms.request.kind.erase',
  'forms.request.about.me',
  'forms.request.about.child',
];
function isKey(key: string): key is MessageKey {
  return (CHOICE_KEYS as readonly string[]).includes(key);
}
