import ICAL from 'ical.js';

// Tests only: an iCalendar text as an independent reader (ical.js, as calendar apps do) sees it.

export interface ReadEvent {
  uid: string;
  summary: string;
  sequence: number;
  /** An all-day event (DATE values). */
  isDate: boolean;
  /** A DATE as YYYY-MM-DD, a DATE-TIME as the UTC instant (ISO). */
  start: string;
  end: string;
  /** DTSTART's TZID parameter. */
  tzid: string | null;
}

const at = (time: ICAL.Time) => (time.isDate ? time.toString() : new Date(time.toUnixTime() * 1000).toISOString());

/** Every VEVENT, after registering the calendar's VTIMEZONEs; `zones` are their TZIDs. */
export function readIcs(text: string): { events: ReadEvent[]; zones: string[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone').map((vtz) => {
    const zone = new ICAL.Timezone(vtz);
    ICAL.TimezoneService.register(zone, zone.tzid);
    return zone.tzid;
  });
  const events = calendar.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    const tzid = v.getFirstProperty('dtstart')?.getParameter('tzid');
    return {
      uid: e.uid,
      summary: e.summary,
      sequence: e.sequence,
      isDate: e.startDate.isDate,
      start: at(e.startDate),
      end: at(e.endDate),
      tzid: typeof tzid === 'string' ? tzid : null,
    };
  });
  return { events, zones };
}
