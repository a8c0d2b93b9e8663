import { SEARCH_MESSAGES, SEARCH_PAGE_MAX, SEARCH_QUERY_MAX } from '@sthsm/contract/search';
import { describe, expect, it } from 'vitest';
import { answerPaging, readSearchRequest, resultCount, searchHref } from './search';

const read = (query: string) => readSearchRequest(new URLSearchParams(query));

describe('readSearchRequest', () => {
  it('asks nothing without words: the page is just the form', () => {
    expect(read('')).toEqual({ q: '', query: null, error: null });
    expect(read('q=%20%20')).toEqual({ q: '  ', query: null, error: null });
  });
  it('sends the trimmed words, the first page and English by default', () => {
    expect(read('q=%20sports%20day%20')).toEqual({ q: ' sports day ', query: { q: 'sports day', page: 1, lang: 'en' }, error: null });
  });
  it('keeps a page in range and ignores one it cannot read', () => {
    expect(read('q=a&page=3').query?.page).toBe(3);
    expect(read('q=a&page=100000').query?.page).toBe(SEARCH_PAGE_MAX);
    expect(read('q=a&page=two&lang=English').query).toEqual({ q: 'a', page: 1, lang: 'en' });
  });
  it('refuses too many characters with the contract’s words, keeping what was typed', () => {
    const long = 'a'.repeat(SEARCH_QUERY_MAX + 1);
    expect(read(`q=${long}`)).toEqual({ q: long, query: null, error: SEARCH_MESSAGES.tooLong });
  });
});

describe('the answer’s words and pages', () => {
  it('counts results in words', () => {
    expect(resultCount(1)).toBe('1 result');
    expect(resultCount(17)).toBe('17 results');
  });
  it('pages the results, never past the last page the API serves', () => {
    expect(answerPaging({ page: 2, pageSize: 10, total: 17 })).toEqual({ page: 2, pages: 2, size: 10, matched: 17, first: 10 });
    expect(answerPaging({ page: 1, pageSize: 10, total: 5_000 }).pages).toBe(SEARCH_PAGE_MAX);
  });
  it('links a suggestion to its own search', () => {
    expect(searchHref('sports day')).toBe('/search?q=sports+day');
  });
});
