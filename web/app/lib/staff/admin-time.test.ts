import { describe, expect, it } from 'vitest';
import {
  joinMonthDay,
  listWords,
  monthDayWords,
  MONTHS,
  splitMonthDay,
  staffDay,
  staffDayOf,
  staffTime,
  zoneLabel,
  zoneName,
} from './admin-time';
import { CONTENT_VIEWS } from './admin-content';

describe('times and dates as staff read them (issue 30, item 9)', () => {
  it('names the school zone as people say it, with its identifier', () => {
    expect(zoneLabel('Asia/Kolkata')).toBe('India Standard Time');
    expect(zoneName('Asia/Kolkata')).toBe('India Standard Time (Asia/Kolkata)');
    expect(zoneName('Asia/Dubai')).toBe('Gulf Standard Time (Asia/Dubai)');
    // A zone with no name of its own in words is shown by its identifier, never as "GMT+…".
    expect(zoneName('Etc/GMT-3')).toBe('Etc/GMT-3');
  });

  it('shows a moment in the school zone, not the server’s or UTC', () => {
    expect(staffTime('2026-10-25T12:00:00.000Z', 'Asia/Kolkata')).toBe('25 Oct 2026, 5:30 pm');
    // 20:00 UTC is already the next day in India.
    expect(staffDayOf('2026-10-25T20:00:00.000Z', 'Asia/Kolkata')).toBe('26 Oct 2026');
  });

  it('writes a calendar day in words, without shifting it by any zone', () => {
    expect(staffDay('2026-10-25')).toBe('25 Oct 2026');
    expect(staffDay('2026-10-25T00:00:00.000Z')).toBe('25 Oct 2026');
    expect(staffDay('2026-02-30')).toBe('2026-02-30');
    expect(staffDay('2024-2025')).toBe('2024-2025');
  });

  it('reads a birthday as month and day, never day and month', () => {
    expect(monthDayWords('08-04')).toBe('4 August');
    expect(monthDayWords('04-08')).toBe('8 April');
    expect(monthDayWords('bad')).toBe('bad');
    expect(MONTHS.map((m) => m.value)).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
    expect(MONTHS[7]).toEqual({ value: '08', label: 'August' });
    expect(splitMonthDay('08-14')).toEqual({ month: '08', day: '14' });
    expect(splitMonthDay('')).toEqual({ month: '', day: '' });
    expect(joinMonthDay('08', '14')).toBe('08-14');
    expect(joinMonthDay('8', '4')).toBe('08-04');
    expect(joinMonthDay('08', '')).toBe('');
    expect(joinMonthDay(undefined, '14')).toBe('');
  });

  it('shows list columns in words: days, birthdays, and other text as it is', () => {
    expect(listWords(CONTENT_VIEWS.news, 'date', '2026-10-25T00:00:00.000Z')).toBe('25 Oct 2026');
    expect(listWords(CONTENT_VIEWS.birthdays, 'monthDay', '08-14')).toBe('14 August');
    expect(listWords(CONTENT_VIEWS.toppers, 'sessionYear', '2024-2025')).toBe('2024-2025');
  });
});
