// When the daily backup is due: "02:30" in the school's time zone, as instants (pure functions).

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The zone's offset from UTC at an instant, in ms (330 min for Asia/Kolkata). */
function offsetMs(timeZone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return local - Math.floor(instant / 1000) * 1000;
}

/** The instant the wall clock in `timeZone` shows `date` (YYYY-MM-DD) at `time` (HH:MM). */
export function instantAt(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0);
  // Twice: the offset at the first guess may differ (a daylight-saving change in between).
  const first = wall - offsetMs(timeZone, wall);
  return new Date(wall - offsetMs(timeZone, first));
}

function localDate(timeZone: string, instant: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant));
}

/** The latest scheduled instant at or before `now`. */
export function slotAtOrBefore(now: Date, time: string, timeZone: string): Date {
  const today = instantAt(localDate(timeZone, now.getTime()), time, timeZone);
  if (today.getTime() <= now.getTime()) return today;
  return instantAt(localDate(timeZone, now.getTime() - DAY_MS), time, timeZone);
}

/** The first scheduled instant after `now`. */
export function nextSlot(now: Date, time: string, timeZone: string): Date {
  const today = instantAt(localDate(timeZone, now.getTime()), time, timeZone);
  if (today.getTime() > now.getTime()) return today;
  return instantAt(localDate(timeZone, now.getTime() + DAY_MS), time, timeZone);
}
