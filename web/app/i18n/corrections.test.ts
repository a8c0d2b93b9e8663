import { describe, expect, it } from 'vitest';
import { CORRECTION_MAX_LENGTH, correctionProblem, correctionSchema, slots } from '@sthsm/contract/message-check';
import { ENGLISH_MESSAGES, messagePartOf, MESSAGE_PARTS } from '@sthsm/contract/messages';
import { catalogueOf } from './catalogues.server';
import { withCorrections } from './corrections.server';
import { i18nOf } from './i18n';

// A school's wording of a message (docs/decisions/0155): the one rule the staff page and the API
// share, and how the site lays the corrections over a catalogue without mixing schools.

describe('correctionProblem', () => {
  it('accepts the English text itself, a plain word, and a plural with the same names', () => {
    expect(correctionProblem('shell.link.alumni', 'Old Students')).toBeNull();
    expect(correctionProblem('lists.news.count', ENGLISH_MESSAGES['lists.news.count'])).toBeNull();
    expect(correctionProblem('lists.news.count', '{count, plural, one {{n} ख़बर} other {{n} ख़बरें}}')).toBeNull();
    expect(correctionProblem('page.news.title', 'x'.repeat(CORRECTION_MAX_LENGTH))).toBeNull();
  });

  it('names what is wrong: an unknown key, empty, too long, broken ICU, a missing or an extra name or tag', () => {
    expect(correctionProblem('shell.nope', 'Words')).toBe('There is no such message on the site.');
    expect(correctionProblem('shell.link.alumni', ' ')).toMatch(/^Write the wording/);
    expect(correctionProblem('shell.link.alumni', 'x'.repeat(1001))).toBe('Use at most 1,000 characters (this has 1,001).');
    expect(correctionProblem('shell.link.alumni', 'Old {students')).toMatch(/is not closed/);
    expect(correctionProblem('lists.news.count', '{n} ख़बरें')).toBe('Keep {count} as it is: the site puts the number there.');
    expect(correctionProblem('shell.mapTitle', 'Map')).toBe('Keep {school} as it is: the site puts its own words there.');
    expect(correctionProblem('forms.alumni.lead', 'Studied at {school}? Read our notice.')).toMatch(/^Keep <privacy>…<\/privacy> as it is/);
    expect(correctionProblem('shell.link.alumni', 'Old {who}')).toMatch(/^Take out \{who\}: the site has nothing to put there/);
  });

  it('is the schema the form and the API check, its message on the text', () => {
    const parsed = correctionSchema.safeParse({ key: 'lists.news.count', text: 'news' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['text']);
    expect(correctionSchema.safeParse({ key: 'shell.link.alumni', text: 'Old Students' }).success).toBe(true);
  });

  it('slots lists the names and tags of a message, sorted', () => {
    expect(slots('{count, plural, one {{n} item} other {{n} items}} for <b>{words}</b>')).toEqual(['<b>', '{count}', '{n}', '{words}']);
  });

  it('every key is in one part of the site', () => {
    const all = Object.values(MESSAGE_PARTS).flatMap((part) => Object.keys(part));
    expect(all.length).toBe(Object.keys(ENGLISH_MESSAGES).length);
    expect(messagePartOf('menu.Home')).toBe('pages');
    expect(messagePartOf('shell.link.alumni')).toBe('shell');
  });
});

describe('withCorrections', () => {
  it('lays a school’s wording over the language’s catalogue, one object per school and wording', () => {
    const hindi = catalogueOf('hi');
    const a = withCorrections('A', 'hi', { 'page.news.title': 'ख़बरें' });
    const b = withCorrections('B', 'hi', { 'page.news.title': 'न्यूज़' });
    expect(a?.['page.news.title']).toBe('ख़बरें');
    expect(a?.['shell.skipLink']).toBe(hindi?.['shell.skipLink']);
    expect(i18nOf('hi', a).t('page.news.title')).toBe('ख़बरें');
    expect(i18nOf('hi', b).t('page.news.title')).toBe('न्यूज़');
    // The same wording again is the same object (its formats are parsed once); none is the catalogue.
    expect(withCorrections('A', 'hi', { 'page.news.title': 'ख़बरें' })).toBe(a);
    expect(withCorrections('C', 'hi', {})).toBe(hindi);
    expect(withCorrections('C', 'en', {})).toBeNull();
  });

  it('gives English the corrections alone, and leaves out wording the site could not format', () => {
    const en = withCorrections('A', 'en', { 'shell.link.alumni': 'Old Students', 'lists.news.count': '{n} stories', 'x.y': 'z' });
    expect(en).toEqual({ 'shell.link.alumni': 'Old Students' });
    const { t } = i18nOf('en', en);
    expect(t('shell.link.alumni')).toBe('Old Students');
    expect(t('lists.news.count', { count: 2, n: '2' })).toBe('2 news items');
  });
});
