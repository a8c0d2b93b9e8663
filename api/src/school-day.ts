// "Today" is the school's calendar day in its time zone (docs/decisions/0009).

/** Today in the school's time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The school's calendar day as a UTC-midnight Date (what the demo builder expects). */
export function schoolToday(timeZone: string, now = new Date()): Date {
  return new Date(`${todayIn(timeZone, now)}T00:00:00.000Z`);
}
