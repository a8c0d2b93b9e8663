import { describe, expect, it } from 'vitest';
import { ALUMNI_FIELDS, ALUMNI_SUCCESS_MESSAGE, validateAlumniForm, type AlumniField } from '@sthsm/contract';
import { RIGHTS_ERRORS, rightsRequestSchema, RIGHTS_ABOUT, RIGHTS_KINDS } from '@sthsm/contract/rights-requests';
import { fieldErrors } from '@sthsm/contract/staff';
import { VALID_ALUMNI_FORM } from '../../lib/testing/alumni-form';
import { ENGLISH } from '../../i18n/catalogue';
import { catalogueOf } from '../../i18n/catalogues.server';
import { i18nOf, translator } from '../../i18n/i18n';
import { errorText, LABELS, summaryHeading } from './form-names';
import { MESSAGES, rateLimitMessage, toActionData, EMPTY_VALUES } from './submit-result';
import { ALUMNI_ERROR_KEYS, alumniWords } from './words';
import { RIGHTS_ERROR_KEYS, RIGHTS_LABEL_KEYS, rightsChoiceLabel, rightsErrorText, type RightsField } from '../subscribe/rights-words';

// Issue 35: the forms' messages come from the one shared schema, in English (the API answers with
// them too); a Hindi page shows each in Hindi. A new English message that the catalogue does not
// know would stay English on a Hindi page: these tests fail first.

const english = translator('en', ENGLISH);
const hindi = i18nOf('hi', catalogueOf('hi'));
const DEVANAGARI = /[\u0900-\u097F]/;

/** Every message the alumni schema gives for missing, wrong, too long, non-text and out-of-order answers. */
function alumniMessages(): Array<[AlumniField, string]> {
  const inputs: unknown[] = [
    {},
    Object.fromEntries(ALUMNI_FIELDS.map((f) => [f, ''])),
    Object.fromEntries(ALUMNI_FIELDS.map((f) => [f, 'x'])),
    Object.fromEntries(ALUMNI_FIELDS.map((f) => [f, 'x'.repeat(600)])),
    Object.fromEntries(ALUMNI_FIELDS.map((f) => [f, 5])),
    { ...VALID_ALUMNI_FORM, fromYear: '2015 to 2016', toYear: '2004 to 2005' },
    { ...VALID_ALUMNI_FORM, phone: '12', email: 'a@b' },
  ];
  return inputs.flatMap((input) => {
    const result = validateAlumniForm(input);
    return result.ok ? [] : (Object.entries(result.errors) as Array<[AlumniField, string]>);
  });
}

describe('the alumni form in Hindi', () => {
  const words = alumniWords(hindi.t, 'hi');

  it('has a Hindi text for every message the shared schema gives, and English pages keep the schema’s', () => {
    const messages = alumniMessages();
    expect(messages.length).toBeGreaterThan(40);
    for (const [field, message] of messages) {
      const text = errorText(words, field, message);
      expect(text, message).toMatch(DEVANAGARI);
      expect(text, message).not.toMatch(/[A-Za-z]{4,}/);
      expect(errorText(alumniWords(english, 'en'), field, message)).toBe(message);
    }
    expect(errorText(words, 'address', 'Address must be at most 500 characters.')).toBe('पता में अधिकतम 500 अक्षर हो सकते हैं।');
  });

  it('keeps the English catalogue’s texts the same as the schema’s, the labels’ and the notices’', () => {
    const englishWords = alumniWords(english, 'en');
    for (const key of ALUMNI_ERROR_KEYS) expect(Object.values(englishWords.errors)).toContain(ENGLISH[key]);
    expect(englishWords.labels).toEqual(LABELS);
    for (let count = 1; count <= ALUMNI_FIELDS.length; count++) expect(englishWords.summaries[count]).toBe(summaryHeading(count));
    expect(englishWords.unreachable).toBe(MESSAGES.unreachable);
    expect(englishWords.serverError).toBe(MESSAGES.serverError);
    for (const status of [0, 400, 404, 413, 429, 500]) {
      const result = { ok: false as const, status, error: 'x', errors: {}, retryAfter: status === 429 ? 30 : undefined };
      expect(toActionData(result, EMPTY_VALUES, english)).toEqual(toActionData(result, EMPTY_VALUES));
    }
    expect(toActionData({ ok: true, id: 'a' }, EMPTY_VALUES, english)).toEqual({
      status: 'success',
      id: 'a',
      message: ALUMNI_SUCCESS_MESSAGE,
    });
    for (const wait of [undefined, 0.5, 1, 2, 61]) expect(rateLimitMessage(wait, english)).toBe(rateLimitMessage(wait));
  });

  it('answers in Hindi after a post', () => {
    expect(toActionData({ ok: true, id: 'a' }, EMPTY_VALUES, hindi.t)).toMatchObject({ message: 'आपका फ़ॉर्म सफलतापूर्वक जमा हो गया।' });
    expect(rateLimitMessage(5, hindi.t)).toContain('5 सेकंड बाद');
    expect(words.summaries[2]).toBe('कृपया 2 फ़ील्ड ठीक करें:');
  });
});

describe('the data request form in Hindi', () => {
  it('knows every message of the shared schema, by its English text', () => {
    for (const field of Object.keys(RIGHTS_ERRORS) as RightsField[]) {
      expect(ENGLISH[RIGHTS_ERROR_KEYS[field]]).toBe(RIGHTS_ERRORS[field]);
      expect(rightsErrorText(hindi, field, RIGHTS_ERRORS[field])).toMatch(DEVANAGARI);
      expect(rightsErrorText({ locale: 'en', t: english }, field, RIGHTS_ERRORS[field])).toBe(RIGHTS_ERRORS[field]);
      expect(hindi.t(RIGHTS_LABEL_KEYS[field])).toMatch(DEVANAGARI);
    }
    const inputs = [
      {},
      { kind: 'x', about: 'child', email: 'a', phone: '1', name: '' },
      { kind: 'correct', about: 'me', name: 'x'.repeat(300), email: 'a@example.org', childName: 'x'.repeat(300), correction: '' },
    ];
    for (const input of inputs) {
      const parsed = rightsRequestSchema.safeParse(input);
      expect(parsed.success).toBe(false);
      if (parsed.success) continue;
      for (const [field, message] of Object.entries(fieldErrors(parsed.error))) {
        if (!(field in RIGHTS_ERRORS)) continue;
        const text = rightsErrorText(hindi, field as RightsField, message);
        expect(text, message).toMatch(DEVANAGARI);
        expect(text, message).not.toMatch(/[A-Za-z]{4,}/);
      }
    }
    for (const option of RIGHTS_KINDS) expect(rightsChoiceLabel(english, 'kind', option)).toBe(option.label);
    for (const option of RIGHTS_ABOUT) expect(rightsChoiceLabel(english, 'about', option)).toBe(option.label);
    for (const option of RIGHTS_KINDS) expect(rightsChoiceLabel(hindi.t, 'kind', option)).toMatch(DEVANAGARI);
  });
});
