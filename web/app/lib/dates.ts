// Date helpers for CONTRACT dates: ISO strings, possibly null, absent or malformed.
// Dates are shown as the calendar day the school published (UTC), whatever the viewer's zone.

export function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** DD-MM-YYYY (SPEC §9, gallery cards). */
export function formatDashed(value: string | null | undefined): string {
  const d = parseDate(value);
  return d ? `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}` : '';
}

/** dd/mm/yyyy (British, SPEC §2 sub gallery). */
export function formatBritish(value: string | null | undefined): string {
  const d = parseDate(value);
  return d ? `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}` : '';
}

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "14 August 2025". */
export function formatLong(value: string | null | undefined): string {
  const d = parseDate(value);
  return d ? `${d.getUTCDate()} ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}` : '';
}

/** The machine-readable value for <time dateTime>. */
export function isoDay(value: string | null | undefined): string | undefined {
  const d = parseDate(value);
  return d ? d.toISOString().slice(0, 10) : undefined;
}
