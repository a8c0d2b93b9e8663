// The listing pages' filter rules (SPEC §4, §5), in one pure module: no React, no I/O.
// "today" is always a parameter so every rule can be tested on a fixed calendar.
// Dates are read as UTC calendar days, like lib/dates.ts.
import { parseDate } from './dates';

/** The value of the "All" option of every filter select, and in the URL. */
export const ALL = 'All';

export interface Dated {
  date?: string | null;
}

export interface Titled extends Dated {
  title: string;
}

/** What the URL asks for: year and month are "All" or a number; q is the raw search text. */
export interface ListFilters {
  year: number | typeof ALL;
  month: number | typeof ALL;
  q: string;
}

function yearOf(record: Dated): number | null {
  const d = parseDate(record.date);
  return d ? d.getUTCFullYear() : null;
}

/** 1-12, or null when the record has no usable date. */
function monthOf(record: Dated): number | null {
  const d = parseDate(record.date);
  return d ? d.getUTCMonth() + 1 : null;
}

/** Case-insensitive substring match; an empty or blank query matches everything. */
export function matchesSearch(text: string | null | undefined, q: string): boolean {
  const needle = q.trim().toLowerCase();
  return needle === '' || (text ?? '').toLowerCase().includes(needle);
}

/** Year, month and title search combine; dateless records drop out once a year or month is chosen. */
export function applyFilters<T extends Titled>(records: readonly T[], filters: ListFilters): T[] {
  return records.filter((record) => {
    if (filters.year !== ALL && yearOf(record) !== filters.year) return false;
    if (filters.month !== ALL && monthOf(record) !== filters.month) return false;
    return matchesSearch(record.title, filters.q);
  });
}

/** The distinct years found in the data, newest first. */
export function yearsOf(records: readonly Dated[]): number[] {
  const years = new Set<number>();
  for (const record of records) {
    const y = yearOf(record);
    if (y !== null) years.add(y);
  }
  return [...years].sort((a, b) => b - a);
}

/**
 * The distinct months (1-12) found in the data: descending for news and events,
 * January to December for the photo gallery (SPEC §4).
 */
export function monthsOf(records: readonly Dated[], order: 'descending' | 'calendar' = 'descending'): number[] {
  const months = new Set<number>();
  for (const record of records) {
    const m = monthOf(record);
    if (m !== null) months.add(m);
  }
  return [...months].sort((a, b) => (order === 'calendar' ? a - b : b - a));
}

/** The options of a select: the data's values plus the selected one, so the select always shows the state. */
export function withSelected(values: readonly number[], selected: number | typeof ALL, order: 'descending' | 'calendar'): number[] {
  if (selected === ALL || values.includes(selected)) return [...values];
  return [...values, selected].sort((a, b) => (order === 'calendar' ? a - b : b - a));
}

/** The year and month choices of a dated listing (SPEC §4: years descending), keeping the chosen ones listed. */
export function filterChoices(
  records: readonly Dated[],
  filters: ListFilters,
  monthOrder: 'descending' | 'calendar' = 'descending',
): { years: number[]; months: number[] } {
  return {
    years: withSelected(yearsOf(records), filters.year, 'descending'),
    months: withSelected(monthsOf(records, monthOrder), filters.month, monthOrder),
  };
}

// ---- Default years (SPEC §4) ----

/** News starts on All. */
export function newsDefaultYear(): typeof ALL {
  return ALL;
}

/** Events start on the current year. */
export function eventsDefaultYear(today: Date): number {
  return today.getUTCFullYear();
}

/** The gallery starts on the current year if any album falls in it, else the previous year. */
export function galleryDefaultYear(albums: readonly Dated[], today: Date): number {
  const current = today.getUTCFullYear();
  return albums.some((album) => yearOf(album) === current) ? current : current - 1;
}

// ---- Reading filters from the URL ----

const YEAR_PATTERN = /^\d{4}$/;
const MONTH_PATTERN = /^(?:[1-9]|1[0-2])$/;

/**
 * `?year=&month=&q=` → filters. A missing or malformed year takes the page's default;
 * "All" is a real choice. A missing or malformed month means All.
 */
export function parseListFilters(params: URLSearchParams, defaultYear: number | typeof ALL): ListFilters {
  const rawYear = params.get('year')?.trim() ?? '';
  const rawMonth = params.get('month')?.trim() ?? '';
  const year = rawYear.toLowerCase() === ALL.toLowerCase() ? ALL : YEAR_PATTERN.test(rawYear) ? Number(rawYear) : defaultYear;
  const month = MONTH_PATTERN.test(rawMonth) ? Number(rawMonth) : ALL;
  return { year, month, q: (params.get('q') ?? '').slice(0, 100) };
}

/** Newest first; dateless records last, in their original order. */
export function sortNewestFirst<T extends Dated>(records: readonly T[]): T[] {
  const time = (r: Dated) => parseDate(r.date)?.getTime() ?? Number.NEGATIVE_INFINITY;
  return [...records].sort((a, b) => time(b) - time(a));
}

// ---- Toppers (SPEC §4) ----

export interface SessionRecord {
  name: string;
  class: string;
  division: string;
  sessionYear: string;
}

/** "2024-2025" for the session that starts in `startYear`. */
export function sessionLabel(startYear: number): string {
  return `${startYear}-${startYear + 1}`;
}

const SESSION_PATTERN = /^(\d{4})-(\d{4})$/;

/** The distinct sessions of the data, newest first. */
const sessionStart = (s: string) => Number(SESSION_PATTERN.exec(s)?.[1] ?? 0);

export function sessionsOf(records: readonly SessionRecord[]): string[] {
  return [...new Set(records.map((r) => r.sessionYear).filter((s) => SESSION_PATTERN.test(s)))].sort(
    (a, b) => sessionStart(b) - sessionStart(a),
  );
}

/**
 * On load: the session "previous year-current year"; if that class has no toppers in it,
 * one year earlier (SPEC §4 — one step only, as specified).
 */
export function toppersDefaultSession(records: readonly SessionRecord[], topperClass: string, today: Date): string {
  const current = today.getUTCFullYear();
  const preferred = sessionLabel(current - 1);
  const has = (session: string) => records.some((r) => r.class === topperClass && r.sessionYear === session);
  return has(preferred) ? preferred : sessionLabel(current - 2);
}

/** "96.4%" → 96.4; anything unreadable sorts last. */
export function divisionValue(division: string): number {
  const value = Number.parseFloat(division.replace(/[^\d.]/g, ''));
  return Number.isFinite(value) ? value : Number.NEGATIVE_INFINITY;
}

/** Highest division first, by number (so "100%" beats "99.8%"). */
export function sortByDivision<T extends SessionRecord>(records: readonly T[]): T[] {
  return [...records].sort((a, b) => divisionValue(b.division) - divisionValue(a.division));
}

/** One class, one session ("All" for every session), name search; sorted by division. */
export function filterToppers<T extends SessionRecord>(
  records: readonly T[],
  topperClass: string,
  filters: { session: string; q: string },
): T[] {
  return sortByDivision(
    records.filter(
      (r) => r.class === topperClass && (filters.session === ALL || r.sessionYear === filters.session) && matchesSearch(r.name, filters.q),
    ),
  );
}

/** `?session=&q=` → toppers filters; a missing or malformed session takes the default. */
export function parseTopperFilters(params: URLSearchParams, defaultSession: string): { session: string; q: string } {
  const raw = params.get('session')?.trim() ?? '';
  const session = raw.toLowerCase() === ALL.toLowerCase() ? ALL : SESSION_PATTERN.test(raw) ? raw : defaultSession;
  return { session, q: (params.get('q') ?? '').slice(0, 100) };
}
