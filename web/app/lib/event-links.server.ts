import type { SchoolEvent } from '@sthsm/contract';
import { eventPlace, eventWhen, googleCalendarEventLink } from './event-times.server';
import { eventIcsPath, eventPath } from './item-links';

/** What a page shows to put one event in a calendar: its .ics download and a Google Calendar link (null without a date). */
export interface EventCalendarLinks {
  ics: string;
  google: string;
}

export function eventCalendarLinks(event: SchoolEvent, origin: string): EventCalendarLinks | null {
  const when = eventWhen(event);
  if (!when) return null;
  return { ics: eventIcsPath(event._id), google: googleCalendarEventLink(event, when, `${origin}${eventPath(event._id)}`) };
}

/** schema.org Event data for an event's page (start and end with the school's offset, or days for an all-day event). */
export function eventJsonLd(event: SchoolEvent, pageUrl: string, imageUrl: string | null): Record<string, unknown> | null {
  const when = eventWhen(event);
  if (!when) return null;
  const at = (t: typeof when.start) => (when.allDay ? t.toISODate() : t.toISO({ suppressMilliseconds: true }));
  const place = eventPlace(event);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    ...(event.description ? { description: event.description } : {}),
    startDate: at(when.start),
    // An all-day event's last day (iCalendar's DTEND is the day after).
    endDate: at(when.allDay ? when.end.minus({ days: 1 }) : when.end),
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    ...(place ? { location: { '@type': 'Place', name: place, address: place } } : {}),
    ...(imageUrl ? { image: [imageUrl] } : {}),
    url: pageUrl,
  };
}
