import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, pageHref, pageOf, pageWindow, parsePaging } from './paging';

const params = (query: string) => new URLSearchParams(query);

describe('parsePaging', () => {
  it('defaults to the first page of the default size', () => {
    expect(parsePaging(params(''), 42)).toEqual({ page: 1, pages: 5, size: DEFAULT_PAGE_SIZE, matched: 42, first: 0 });
  });
  it('reads page and size, and clamps the page into range', () => {
    expect(parsePaging(params('page=3&size=20'), 42)).toMatchObject({ page: 3, pages: 3, size: 20, first: 40 });
    expect(parsePaging(params('page=9'), 42)).toMatchObject({ page: 5, first: 40 });
    expect(parsePaging(params('page=0'), 42)).toMatchObject({ page: 1 });
  });
  it('ignores malformed or unoffered values', () => {
    expect(parsePaging(params('page=two&size=7'), 42)).toMatchObject({ page: 1, size: DEFAULT_PAGE_SIZE });
    expect(parsePaging(params('page=-2&size=1e9'), 42)).toMatchObject({ page: 1, size: DEFAULT_PAGE_SIZE });
  });
  it('an empty list has one (empty) page', () => {
    expect(parsePaging(params('page=4'), 0)).toMatchObject({ page: 1, pages: 1, first: 0 });
  });
});

describe('pageOf', () => {
  it('slices the chosen page', () => {
    const records = Array.from({ length: 25 }, (_, i) => i);
    expect(pageOf(records, parsePaging(params('page=3'), 25))).toEqual([20, 21, 22, 23, 24]);
  });
});

describe('pageWindow', () => {
  it('shows every page of a short list', () => expect(pageWindow(1, 3)).toEqual([1, 2, 3]));
  it('marks gaps in a long list', () => {
    expect(pageWindow(1, 9)).toEqual([1, 2, null, 9]);
    expect(pageWindow(5, 9)).toEqual([1, null, 4, 5, 6, null, 9]);
    expect(pageWindow(3, 9)).toEqual([1, 2, 3, 4, null, 9]);
  });
});

describe('pageHref', () => {
  it('keeps the filters and the size', () => {
    expect(pageHref('?year=2025&q=sports&size=20', 2)).toBe('?year=2025&q=sports&size=20&page=2');
    expect(pageHref('?year=2025&page=3', 1)).toBe('?year=2025');
    expect(pageHref('', 1)).toBe('?');
  });
});
