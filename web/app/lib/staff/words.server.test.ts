import { describe, expect, it } from 'vitest';
import { changesOf, wordRows } from './words.server';
import { TEXT_FIELD } from './words';

// What a post of /admin/words changes: only the fields that differ from what the page showed, the
// standard wording again as no correction, "Back to the standard wording" for one key, and each
// text checked with the contract's rule.

const corrections = [{ key: 'shell.link.alumni', text: 'पुराने विद्यार्थी', updatedAt: '2026-11-28T08:00:00.000Z' }];
const field = (key: string) => `${TEXT_FIELD}${key}`;

describe('changesOf', () => {
  it('saves what changed, clears what is the standard again, and skips what is as shown', () => {
    const { words, errors } = changesOf(
      'hi',
      corrections,
      {
        csrf: 'x',
        [field('page.news.title')]: 'ख़बरें',
        [field('shell.link.alumni')]: 'पूर्व विद्यार्थी',
        [field('shell.quickLinks')]: 'त्वरित लिंक',
      },
      '',
    );
    expect(errors).toEqual({});
    expect(words).toEqual({ 'page.news.title': 'ख़बरें', 'shell.link.alumni': null });
  });

  it('reads a textarea’s CRLF lines as the catalogue’s, and resets the one asked for', () => {
    const { words } = changesOf('hi', corrections, { [field('shell.link.alumni')]: 'पुराने विद्यार्थी\r\n' }, 'shell.link.alumni');
    expect(words).toEqual({ 'shell.link.alumni': null });
  });

  it('names the problem of a bad text by its key, and leaves unknown fields alone', () => {
    const { words, errors } = changesOf('en', [], { [field('lists.news.count')]: '{n} stories', [field('no.such')]: 'x' }, '');
    expect(words).toEqual({});
    expect(errors).toEqual({ 'lists.news.count': 'Keep {count} as it is: the site puts the number there.' });
  });
});

describe('wordRows', () => {
  it('lists a part, or searches every part by English, standard, corrected text or key', () => {
    expect(wordRows('hi', corrections, 'feeds', '').map((r) => r.part)).toEqual(Array(8).fill('feeds'));
    expect(wordRows('hi', corrections, 'all', 'पुराने विद्यार्थी').map((r) => r.key)).toEqual(['shell.link.alumni']);
    expect(wordRows('hi', corrections, 'all', 'menu.about').map((r) => [r.key, r.standard])).toEqual([['menu.About', 'परिचय']]);
  });
});
