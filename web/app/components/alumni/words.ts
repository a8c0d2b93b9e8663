import { ALUMNI_FIELDS, CLASS_OPTIONS, PROFESSION_OPTIONS, batchOptions, type AlumniField } from '@sthsm/contract';
import { ENGLISH, type MessageKey } from '../../i18n/catalogue';
import type { Translate } from '../../i18n/i18n';
import type { AlumniWords } from './form-names';

// The alumni form's words from the page's catalogue (web/app/i18n/*/forms.json), in one place for
// the route's action, the server-rendered form and (through `data-words`) the browser's module.

/**
 * The catalogue's keys of the shared schema's messages: each key's English text IS the schema's
 * message (packages/contract/src/alumni.ts), so the message is found by its English text.
 * form-words.test.ts checks that every message the schema can give is here or a pattern below.
 */
export const ALUMNI_ERROR_KEYS = [
  'forms.alumni.error.batchRequired',
  'forms.alumni.error.chooseBatch',
  'forms.alumni.error.classRequired',
  'forms.alumni.error.lastClassRequired',
  'forms.alumni.error.chooseClass',
  'forms.alumni.error.nameRequired',
  'forms.alumni.error.emailRequired',
  'forms.alumni.error.emailInvalid',
  'forms.alumni.error.mobileRequired',
  'forms.alumni.error.phoneInvalid',
  'forms.alumni.error.locationRequired',
  'forms.alumni.error.addressRequired',
  'forms.alumni.error.professionRequired',
  'forms.alumni.error.chooseProfession',
  'forms.alumni.error.batchOrder',
] as const satisfies readonly MessageKey[];

function isMessageKey(key: string): key is MessageKey {
  return key in ENGLISH;
}

/** Each field's label in the catalogue. */
export const LABEL_KEYS: Record<AlumniField, MessageKey> = {
  fromYear: 'forms.alumni.label.fromYear',
  class: 'forms.alumni.label.class',
  toYear: 'forms.alumni.label.toYear',
  school2: 'forms.alumni.label.school2',
  fatherName: 'forms.alumni.label.fatherName',
  subject: 'forms.alumni.label.subject',
  name: 'forms.alumni.label.name',
  email: 'forms.alumni.label.email',
  phone: 'forms.alumni.label.phone',
  location: 'forms.alumni.label.location',
  address: 'forms.alumni.label.address',
  school: 'forms.alumni.label.school',
  profession3: 'forms.alumni.label.profession3',
  school1: 'forms.alumni.label.school1',
  designation: 'forms.alumni.label.designation',
  profession1: 'forms.alumni.label.profession1',
  address1: 'forms.alumni.label.address1',
};

/** The words of the form in the language of `t`. */
export function alumniWords(t: Translate, locale: string): AlumniWords {
  const labels = Object.fromEntries(ALUMNI_FIELDS.map((field) => [field, t(LABEL_KEYS[field])])) as Record<AlumniField, string>;
  return {
    locale,
    labels,
    errors: Object.fromEntries(ALUMNI_ERROR_KEYS.map((key) => [ENGLISH[key], t(key)])),
    tooLong: t('forms.alumni.error.tooLong', { label: '{label}', max: '{max}' }),
    notText: t('forms.alumni.error.notText', { label: '{label}' }),
    summaries: [0, ...ALUMNI_FIELDS.map((_, i) => i + 1)].map((count) => t('forms.alumni.summary', { count })),
    submit: t('forms.alumni.submit'),
    submitting: t('forms.alumni.submitting'),
    unreachable: t('forms.alumni.unreachable'),
    serverError: t('forms.alumni.serverError'),
  };
}

/** An option's words: a class or a profession by its code (LKG, UKG and Roman numerals stay). */
function optionLabel(
  t: Translate,
  prefix: 'forms.alumni.class.' | 'forms.alumni.profession.',
  option: { value: string; label: string },
): string {
  const key = `${prefix}${option.value}`;
  return isMessageKey(key) ? t(key) : option.label;
}

export function classOptions(t: Translate): Array<{ value: string; label: string }> {
  return CLASS_OPTIONS.map((o) => ({ value: o.value, label: optionLabel(t, 'forms.alumni.class.', o) }));
}

export function professionOptions(t: Translate): Array<{ value: string; label: string }> {
  return PROFESSION_OPTIONS.map((o) => ({ value: o.value, label: optionLabel(t, 'forms.alumni.profession.', o) }));
}

/** The batches, "2025 to 2026", in words ("2025 से 2026"); the value stays the schema's. */
export function batchChoices(t: Translate, currentYear: number): Array<{ value: string; label: string }> {
  return batchOptions(currentYear).map((value) => {
    const [from = '', to = ''] = value.split(' to ');
    return { value, label: t('forms.alumni.batch', { from, to }) };
  });
}
