import { plainText, type ContentView } from './admin-content';

// Times and dates as office staff read them (issue 30, item 9): in the school's time zone
// (StaffContext.timeZone, TIME_ZONE), with the zone named where times appear, and days in words
// ("25 Oct 2026", "14 August") rather than ISO strings. Stored values never change.

/** A date and time as staff read it, in the school's time zone ("23 Nov 2026, 5:30 pm"). */
export function staffTime(iso: string, timeZone: string, seconds = false): string {
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: seconds ? 'medium' : 'short', timeZone }).format(new Date(iso));
}

/** The zone's name as people say it: "India Standard Time" (the identifier when there is no such name). */
export function zoneLabel(timeZone: string, at: Date = new Date()): string {
  const long = new Intl.DateTimeFormat('en-IN', { timeZone, timeZoneName: 'long' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  return long && !/^GMT[+-]/.test(long) ? long : timeZone;
}

/** The zone's name with its identifier: "India Standard Time (Asia/Kolkata)". */
export function zoneName(timeZone: string, at: Date = new Date()): string {
  const label = zoneLabel(timeZone, at);
  return label === timeZone ? timeZone : `${label} (${timeZone})`;
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:T00:00:00(?:\.000)?Z)?$/;

/**
 * A calendar day ("2026-10-25", or a stored day at midnight UTC) in words: "25 Oct 2026".
 * A day is not a moment, so no zone shifts it. Anything else comes back unchanged.
 */
export function staffDay(day: string): string {
  const m = CALENDAR_DAY.exec(day);
  if (!m) return day;
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (at.getUTCDate() !== Number(m[3])) return day;
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' }).format(at);
}

/** The day a moment falls on in the school's zone, in words: "25 Oct 2026". */
export function staffDayOf(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone }).format(new Date(iso));
}

/** The months, for a birthday's month picker: value "01"…"12", label "January"…. */
export const MONTHS: ReadonlyArray<{ value: string; label: string }> = Array.from({ length: 12 }, (_, i) => ({
  value: String(i + 1).padStart(2, '0'),
  label: new Intl.DateTimeFormat('en-IN', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, i, 1))),
}));

/** A stored birthday "MM-DD" in words, "14 August"; anything else comes back unchanged. */
export function monthDayWords(monthDay: string): string {
  const m = /^(\d{2})-(\d{2})$/.exec(monthDay);
  const month = m ? MONTHS[Number(m[1]) - 1] : undefined;
  return m && month && Number(m[2]) >= 1 && Number(m[2]) <= 31 ? `${Number(m[2])} ${month.label}` : monthDay;
}

/** A birthday's month and day as the two pickers hold them ("08", "14"), from the stored "MM-DD". */
export function splitMonthDay(monthDay: string): { month: string; day: string } {
  const m = /^(\d{2})-(\d{2})$/.exec(monthDay.trim());
  return m ? { month: m[1]!, day: m[2]! } : { month: '', day: '' };
}

/** The stored "MM-DD" from the two pickers; empty when either is not chosen (the API then says it is required). */
export function joinMonthDay(month: string | undefined, day: string | undefined): string {
  return month && day ? `${month.padStart(2, '0')}-${day.padStart(2, '0')}` : '';
}

/**
 * A field of an item as a list shows it: a day in words ("25 Oct 2026"), a birthday in words
 * ("14 August"), anything else as its plain text.
 */
export function listWords(view: ContentView, field: string, value: unknown): string {
  const text = plainText(value);
  const kind = view.fields.find((f) => f.name === field)?.kind;
  return kind === 'date' ? staffDay(text) : kind === 'month-day' ? monthDayWords(text) : text;
}
