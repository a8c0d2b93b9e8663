/** A date and time as staff read it, in the school's time zone ("23 Nov 2026, 5:30 pm"). */
export function staffTime(iso: string, timeZone: string, seconds = false): string {
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: seconds ? 'medium' : 'short', timeZone }).format(new Date(iso));
}
