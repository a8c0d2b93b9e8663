import type { Topper } from '@sthsm/contract';
import { describe, expect, it } from 'vitest';
import { homeGallery, homeNews, homeNotifications, homeToppers, safeLink } from './data';

const topper = (over: Partial<Topper>): Topper => ({
  _id: Math.random().toString(36).slice(2),
  name: 'A',
  class: 'X',
  division: '90%',
  stream: 'ICSE',
  sessionYear: '2024-2025',
  attachments: [],
  ...over,
});

const album = (id: string, n: number) => ({
  _id: id,
  title: id,
  description: '',
  category: 'PhotoGallery',
  attachments: Array.from({ length: n }, (_, i) => `${id}-${i}`),
});

describe('home data', () => {
  it('keeps toppers of one class from the latest session, highest division first', () => {
    const list = [
      topper({ name: 'Old', sessionYear: '2023-2024', division: '99.9%' }),
      topper({ name: 'Low', division: '91.2%' }),
      topper({ name: 'High', division: '97.5%' }),
      topper({ name: 'Twelve', class: 'XII', division: '99%' }),
    ];
    expect(homeToppers(list, 'X').map((t) => t.name)).toEqual(['High', 'Low']);
    expect(homeToppers(list, 'XII').map((t) => t.name)).toEqual(['Twelve']);
    expect(homeToppers(null, 'X')).toEqual([]);
  });

  it('takes the first album with images, and its first four', () => {
    expect(homeGallery([album('empty', 0), album('a', 6), album('b', 2)])).toEqual({
      albumId: 'a',
      title: 'a',
      images: ['a-0', 'a-1', 'a-2', 'a-3'],
    });
    expect(homeGallery(null)).toBeNull();
  });

  it('never turns a stored script URL into a link', () => {
    expect(safeLink('javascript:alert(1)')).toBeNull();
    expect(safeLink('//evil.example')).toBeNull();
    expect(safeLink('/news')).toBe('/news');
    expect(safeLink('https://example.org/a')).toBe('https://example.org/a');
    expect(
      homeNotifications([{ _id: '1', title: 'T', description: '', image: [], attachments: [], url: 'javascript:x' }])[0]?.url,
    ).toBeNull();
  });

  it('uses fromDate when a news item has no date, and drops untitled items', () => {
    expect(
      homeNews([
        { _id: '1', title: 'A', description: '', attachments: [], date: null, fromDate: '2025-01-02' },
        { _id: '2', title: '  ', description: '', attachments: [] },
      ]),
    ).toEqual([{ id: '1', title: 'A', date: '2025-01-02' }]);
  });
});
