import type { SchoolEvent } from '@sthsm/contract';
import { DateTime } from 'luxon';
import { isoDay } from './dates';
import { env } from './env.server';

// When a contract event happens, in the school's time zone. The contract gives an event a day
// (`date`, and `fromDate` when it starts earlier) and a free-text `time` such as "9:00 AM - 11:30 AM";
// an event whose time cannot be read is an all-day event. Server-only (luxon stays out of the
// browser bundle): pages get the finished links from their loaders.

/** The school's time zone (the API's TIME_ZONE; docs/configuration.md). */
export const SCHOOL_TIME_ZONE = env.timeZone;

export type EventWhen =
  /** `start` and `end` are calendar days; `end` is the day after the last (iCalendar DTEND of a DATE). */
  { allDay: true; start: DateTime; end: DateTime } | { allDay: false; start: DateTime; end: DateTime };

const CLOCK = /(\d{1,2})(?:[:.](\d{2}))?\s*(?:([ap])\.?\s*m\.?)?/gi;

/** The clock times in a free-text time ("9:00 AM - 11:30 AM", "14:30", "10 am"), as minutes after midnight. */
export function clockTimes(text: string): number[] {
  const out: number[] = [];
  for (const match of text.matchAll(CLOCK)) {
    const [, h, m, half] = match;
    // A bare number ("Class 10") is not a time: it needs minutes or am/pm.
    if (m === undefined && half === undefined) continue;
    let hour = Number(h);
    const minute = Number(m ?? 0);
    if (minute > 59) continue;
    if (half) {
      if (hour < 1 || hour > 12) continue;
      hour = (hour % 12) + (half.toLowerCase() === 'p' ? 12 : 0);
    } else if (hour > 23) continue;
    out.push(hour * 60 + minute);
  }
  return out;
}

/**
 * The day of a contract date ("2025-08-14" or a timestamp) as a day in the school's zone; null when
 * unreadable. The day is the one the pages show (its UTC calendar day: lib/dates.ts isoDay).
 */
export function schoolDay(value: string | null | undefined, zone = SCHOOL_TIME_ZONE): DateTime | null {
  const day = isoDay(value);
  if (!day) return null;
  const local = DateTime.fromISO(day, { zone });
  return local.isValid ? local : null;
}

/** When an event happens; null when it has no readable date. */
export function eventWhen(event: Pick<SchoolEvent, 'date' | 'fromDate' | 'time'>, zone = SCHOOL_TIME_ZONE): EventWhen | null {
  const last = schoolDay(event.date, zone) ?? schoolDay(event.fromDate, zone);
  if (!last) return null;
  const from = schoolDay(event.fromDate, zone);
  const first = from && from <= last ? from : last;
  const [startMinute, endMinute] = clockTimes(event.time);
  if (startMinute === undefined) return { allDay: true, start: first, end: last.plus({ days: 1 }) };
  const start = first.plus({ minutes: startMinute });
  let end = last.plus({ minutes: endMinute ?? startMinute + 60 });
  // "11:00 AM - 1:00" read as 1 AM, or a missing end: one hour.
  if (end <= start) end = start.plus({ hours: 1 });
  return { allDay: false, start, end };
}

/** Google Calendar's "add this event" link (calendar.google.com/calendar/render?action=TEMPLATE). */
export function googleCalendarEventLink(
  event: Pick<SchoolEvent, 'title' | 'description' | 'venue' | 'location'>,
  when: EventWhen,
  detailsUrl: string,
): string {
  const dates = when.allDay
    ? `${when.start.toFormat('yyyyLLdd')}/${when.end.toFormat('yyyyLLdd')}`
    : `${when.start.toUTC().toFormat("yyyyLLdd'T'HHmmss'Z'")}/${when.end.toUTC().toFormat("yyyyLLdd'T'HHmmss'Z'")}`;
  const params = new URLSearchParams({ action: 'TEMPLATE', text: event.title, dates });
  const details = [event.description, detailsUrl].filter(Boolean).join('\n\n');
  if (details) params.set('details', details);
  const place = eventPlace(event);
  if (place) params.set('location', place);
  if (!when.allDay) params.set('ctz', when.start.zoneName ?? SCHOOL_TIME_ZONE);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** Google Calendar's "subscribe to this calendar" link for an iCalendar feed URL. */
export function googleCalendarSubscribeLink(feedUrl: string): string {
  return `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(feedUrl.replace(/^https?:/, 'webcal:'))}`;
}

/** Where an event is: its venue and location, each once. */
export function eventPlace(event: Pick<SchoolEvent, 'venue' | 'location'>): string {
  return [...new Set([event.venue.trim(), event.location.trim()].filter(Boolean))].join(', ');
}
