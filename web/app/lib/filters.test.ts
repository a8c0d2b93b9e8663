import { describe, expect, it } from 'vitest';
import {
  ALL,
  applyFilters,
  divisionValue,
  filterChoices,
  eventsDefaultYear,
  filterToppers,
  galleryDefaultYear,
  monthsOf,
  newsDefaultYear,
  parseListFilters,
  parseTopperFilters,
  sessionsOf,
  sortByDivision,
  sortNewestFirst,
  toppersDefaultSession,
  withSelected,
  yearsOf,
} from './filters';

const item = (title: string, date?: string | null) => ({ title, date });
const topper = (name: string, cls: string, sessionYear: string, division = '90%') => ({ name, class: cls, sessionYear, division });

const TODAY = new Date('2025-08-14T10:00:00Z');

describe('applyFilters', () => {
  const records = [
    item('Sports Day', '2025-02-03T00:00:00.000Z'),
    item('Science Fair', '2025-08-20'),
    item('Annual Day', '2024-12-10'),
    item('Sports Week', '2024-02-01'),
    item('Undated notice', null),
    item('No date at all'),
    item('Bad date', 'not a date'),
  ];

  it('keeps everything with All, All and no search', () => {
    expect(applyFilters(records, { year: ALL, month: ALL, q: '' })).toHaveLength(records.length);
  });

  it('filters by year', () => {
    expect(applyFilters(records, { year: 2024, month: ALL, q: '' }).map((r) => r.title)).toEqual(['Annual Day', 'Sports Week']);
  });

  it('filters by month across years', () => {
    expect(applyFilters(records, { year: ALL, month: 2, q: '' }).map((r) => r.title)).toEqual(['Sports Day', 'Sports Week']);
  });

  it('searches titles case-insensitively as a substring', () => {
    expect(applyFilters(records, { year: ALL, month: ALL, q: 'sPoRtS' }).map((r) => r.title)).toEqual(['Sports Day', 'Sports Week']);
    expect(applyFilters(records, { year: ALL, month: ALL, q: 'fair' }).map((r) => r.title)).toEqual(['Science Fair']);
  });

  it('treats a blank search as no search', () => {
    expect(applyFilters(records, { year: ALL, month: ALL, q: '   ' })).toHaveLength(records.length);
  });

  it('combines year, month and search', () => {
    expect(applyFilters(records, { year: 2025, month: 2, q: 'sports' }).map((r) => r.title)).toEqual(['Sports Day']);
    expect(applyFilters(records, { year: 2025, month: 2, q: 'week' })).toEqual([]);
  });

  it('keeps dateless records under All but drops them once a year or a month is chosen', () => {
    const dateless = ['Undated notice', 'No date at all', 'Bad date'];
    expect(applyFilters(records, { year: ALL, month: ALL, q: 'at' }).map((r) => r.title)).toEqual(
      expect.arrayContaining(['Undated notice', 'No date at all', 'Bad date']),
    );
    const byYear = applyFilters(records, { year: 2025, month: ALL, q: '' }).map((r) => r.title);
    const byMonth = applyFilters(records, { year: ALL, month: 12, q: '' }).map((r) => r.title);
    for (const title of dateless) {
      expect(byYear).not.toContain(title);
      expect(byMonth).not.toContain(title);
    }
  });

  it('reads dates as UTC calendar days', () => {
    expect(applyFilters([item('New year', '2025-01-01T00:00:00.000Z')], { year: 2025, month: 1, q: '' })).toHaveLength(1);
  });
});

describe('year and month lists', () => {
  const records = [item('a', '2023-05-01'), item('b', '2025-01-09'), item('c', '2024-11-30'), item('d', '2025-05-02'), item('e', null)];

  it('lists the years found, newest first, without dateless records', () => {
    expect(yearsOf(records)).toEqual([2025, 2024, 2023]);
    expect(yearsOf([])).toEqual([]);
  });

  it('lists months descending by default (news, events)', () => {
    expect(monthsOf(records)).toEqual([11, 5, 1]);
  });

  it('lists months January to December for the gallery', () => {
    expect(monthsOf(records, 'calendar')).toEqual([1, 5, 11]);
  });

  it('adds the selected value to the options so the select can show it', () => {
    expect(withSelected([2025, 2023], 2024, 'descending')).toEqual([2025, 2024, 2023]);
    expect(withSelected([2025], ALL, 'descending')).toEqual([2025]);
    expect(withSelected([1, 5], 3, 'calendar')).toEqual([1, 3, 5]);
  });

  it('gives a listing its year and month choices, keeping the chosen ones', () => {
    expect(filterChoices(records, { year: 2022, month: ALL, q: '' })).toEqual({ years: [2025, 2024, 2023, 2022], months: [11, 5, 1] });
    expect(filterChoices(records, { year: ALL, month: 3, q: '' }, 'calendar')).toEqual({
      years: [2025, 2024, 2023],
      months: [1, 3, 5, 11],
    });
  });
});

describe('default years', () => {
  it('news starts on All', () => {
    expect(newsDefaultYear()).toBe(ALL);
  });

  it('events start on the current year', () => {
    expect(eventsDefaultYear(TODAY)).toBe(2025);
  });

  it('the gallery starts on the current year when an album falls in it', () => {
    expect(galleryDefaultYear([item('x', '2024-03-01'), item('y', '2025-01-05')], TODAY)).toBe(2025);
  });

  it('the gallery falls back to the previous year when no album falls in the current one', () => {
    expect(galleryDefaultYear([item('x', '2024-03-01'), item('y', null)], TODAY)).toBe(2024);
    expect(galleryDefaultYear([], TODAY)).toBe(2024);
  });
});

const parse = (query: string, fallback: number | typeof ALL = 2025) => parseListFilters(new URLSearchParams(query), fallback);

describe('parseListFilters', () => {
  it('uses the page default when the year is missing or malformed', () => {
    expect(parse('').year).toBe(2025);
    expect(parse('year=20x5').year).toBe(2025);
    expect(parse('', ALL).year).toBe(ALL);
  });

  it('takes "All" as a real choice (any case)', () => {
    expect(parse('year=All').year).toBe(ALL);
    expect(parse('year=all').year).toBe(ALL);
  });

  it('reads year, month and search', () => {
    expect(parse('year=2023&month=7&q=Sports')).toEqual({ year: 2023, month: 7, q: 'Sports' });
  });

  it('treats a missing or impossible month as All', () => {
    expect(parse('month=13').month).toBe(ALL);
    expect(parse('month=0').month).toBe(ALL);
    expect(parse('month=All').month).toBe(ALL);
  });
});

describe('sortNewestFirst', () => {
  it('puts the newest first and dateless records last', () => {
    const sorted = sortNewestFirst([item('old', '2023-01-01'), item('none', null), item('new', '2025-01-01')]);
    expect(sorted.map((r) => r.title)).toEqual(['new', 'old', 'none']);
  });
});

describe('toppers', () => {
  const records = [
    topper('Asha', 'X', '2024-2025', '96.4%'),
    topper('Bina', 'X', '2024-2025', '100%'),
    topper('Chetan', 'X', '2024-2025', '99.8%'),
    topper('Dev', 'XII', '2023-2024', '95%'),
    topper('Esha', 'XII', '2022-2023', '97%'),
    topper('Farid', 'X', '2023-2024', 'n/a'),
  ];

  it('picks the session "previous year-current year" when that class has toppers in it', () => {
    expect(toppersDefaultSession(records, 'X', TODAY)).toBe('2024-2025');
  });

  it('falls back one year when that class has none in it', () => {
    expect(toppersDefaultSession(records, 'XII', TODAY)).toBe('2023-2024');
    expect(toppersDefaultSession([], 'XII', TODAY)).toBe('2023-2024');
  });

  it('lists sessions newest first', () => {
    expect(sessionsOf(records)).toEqual(['2024-2025', '2023-2024', '2022-2023']);
  });

  it('reads the division as a number', () => {
    expect(divisionValue('96.4%')).toBe(96.4);
    expect(divisionValue('100 %')).toBe(100);
    expect(divisionValue('n/a')).toBe(Number.NEGATIVE_INFINITY);
  });

  it('sorts by division as a number, highest first (100% before 99.8%)', () => {
    expect(sortByDivision(records).map((r) => r.name)).toEqual(['Bina', 'Chetan', 'Esha', 'Asha', 'Dev', 'Farid']);
  });

  it('filters one class and one session, searches names, and sorts', () => {
    expect(filterToppers(records, 'X', { session: '2024-2025', q: '' }).map((r) => r.name)).toEqual(['Bina', 'Chetan', 'Asha']);
    expect(filterToppers(records, 'X', { session: '2024-2025', q: 'CHE' }).map((r) => r.name)).toEqual(['Chetan']);
    expect(filterToppers(records, 'XII', { session: ALL, q: '' }).map((r) => r.name)).toEqual(['Esha', 'Dev']);
  });

  it('reads the session from the URL, or takes the default', () => {
    expect(parseTopperFilters(new URLSearchParams('session=2022-2023&q=es'), '2024-2025')).toEqual({ session: '2022-2023', q: 'es' });
    expect(parseTopperFilters(new URLSearchParams('session=bogus'), '2024-2025').session).toBe('2024-2025');
    expect(parseTopperFilters(new URLSearchParams('session=All'), '2024-2025').session).toBe(ALL);
  });
});
