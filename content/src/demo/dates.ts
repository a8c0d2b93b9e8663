// Calendar helpers. The demo works on calendar days in UTC: `today` is reduced to its UTC date,
// and every record date is midnight UTC of a day ("2025-08-14T00:00:00.000Z").

const DAY_MS = 86_400_000;

export function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

export function utcDate(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day));
}

export function iso(date: Date): string {
  return date.toISOString();
}

/** "MM-DD" of a date, as birthdays store it. */
export function monthDay(date: Date): string {
  return date.toISOString().slice(5, 10);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The EXIF form of a date and a time of day: "2024:11:14 10:32:05". */
export function exifDateTime(date: Date, hour: number, minute: number, second = 0): string {
  const d = date.toISOString().slice(0, 10).replaceAll('-', ':');
  return `${d} ${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

/** The academic session (April to March) a date falls in, by its starting year. */
export function sessionStartYear(date: Date): number {
  return date.getUTCMonth() >= 3 ? date.getUTCFullYear() : date.getUTCFullYear() - 1;
}

/** Days of the year before `date` in its own calendar year (0 on 1 January). */
export function dayOfYear(date: Date): number {
  return Math.round((startOfDay(date).getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY_MS);
}

export function formatLong(date: Date): string {
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
