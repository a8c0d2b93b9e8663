import { describe, expect, it } from 'vitest';
import { count, dayInWords, isReviewType, itemHref, kindOf, lineTitle, personOf, zoneName } from './dashboard';

describe('the dashboard’s words', () => {
  it('names the school’s time zone in words', () => {
    expect(zoneName('Asia/Kolkata')).toBe('India Standard Time');
  });
  it('writes a day as people read it, whatever the day and month', () => {
    expect(dayInWords('2026-03-08')).toBe('8 Mar 2026');
    expect(dayInWords('2026-08-14')).toBe('14 Aug 2026');
    expect(dayInWords('not a day')).toBe('not a day');
  });
  it('links an item and an information page to their staff pages', () => {
    expect(itemHref({ type: 'news', id: 'a b' })).toBe('/admin/news/a%20b');
    expect(itemHref({ type: 'pages', id: 'contactUs' })).toBe('/admin/pages/contactUs');
    expect(lineTitle({ type: 'news', id: 'x', title: 'Sports day' })).toBe('Sports day');
  });
  it('acts only on content types and information pages', () => {
    expect(isReviewType('news')).toBe(true);
    expect(isReviewType('principal-message')).toBe(true);
    expect(isReviewType('pages')).toBe(true);
    expect(isReviewType('staff')).toBe(false);
    expect(isReviewType('')).toBe(false);
  });
  it('says who and how many in plain words', () => {
    expect(kindOf({ label: 'news item' })).toBe('News item');
    expect(personOf({ name: 'Asha', email: 'a@example.org' })).toBe('Asha');
    expect(personOf({ name: '', email: 'a@example.org' })).toBe('a@example.org');
    expect(personOf(null)).toBe('someone');
    expect(count(1, 'photo', 'photos')).toBe('1 photo');
    expect(count(3, 'photo', 'photos')).toBe('3 photos');
  });
});
