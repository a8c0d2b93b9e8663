import { CONTENT_TYPES } from '@sthsm/contract';
import { pageTitle } from './admin-pages';

// The staff dashboard's data (GET /api/admin/{code}/dashboard, docs/api.md "The dashboard") and the
// words and links the page builds from it (routes/admin/dashboard.tsx).

export interface WorkLine {
  /** A content type, or 'pages' for an information page (id: its slug). */
  type: string;
  id: string;
  label: string;
  title: string;
  version: number;
}
export interface StaffName {
  name: string;
  email: string;
}
export interface DashboardData {
  role: 'admin' | 'editor' | 'contributor';
  review: { items: Array<WorkLine & { submittedBy: StaffName | null; submittedAt: string }>; total: number };
  scheduled: { items: Array<WorkLine & { publishAt: string }>; total: number };
  drafts: { items: Array<WorkLine & { updatedAt: string; reviewNote: string | null }>; total: number };
  reviewed: Array<WorkLine & { outcome: 'approved' | 'returned'; by: StaffName | null; at: string; note: string | null }>;
  submissions: { unhandled: number; newest: string | null } | null;
  /** People's requests about their data still open (administrators; null for others). */
  requests?: { open: number; overdue: number } | null;
  photosWithoutAlt: number | null;
  consentEnding: {
    days: number;
    items: Array<{ childId: string; name: string; class: string; purpose: string; purposeLabel: string; endsOn: string }>;
    total: number;
  } | null;
  /** Published toppers and birthdays naming a child with no link to its consent record (editors). */
  unlinked: { toppers: number; birthdays: number } | null;
  backup: {
    lastSuccess: { at: string; archive: string; sizeBytes: number } | null;
    lastFailure: { at: string; error: string } | null;
    /** The newest finished attempt failed. */
    failing: boolean;
    running: { startedAt: string } | null;
    schedule: { at: string; timeZone: string; next: string; keep: number } | null;
  } | null;
  /** Open breaches whose 72-hour report is not marked sent (administrators; null for others). */
  breaches: Array<{ id: string; awareAt: string; dueAt: string; overdue: boolean; clock: string }> | null;
  /** Before you go live (docs/decisions/0135): null for contributors. */
  goLive: {
    done: boolean;
    items: Array<{
      key: 'name' | 'crest' | 'colours' | 'contact' | 'principal' | 'affiliation' | 'pages' | 'privacy' | 'host' | 'email' | 'backups';
      done: boolean;
      /** The information pages not published yet (the "pages" line). */
      pages?: string[];
    }>;
  } | null;
}

/** A type the dashboard's Approve and Send back act on: a content type, or an information page. */
export function isReviewType(type: string): boolean {
  return type === 'pages' || (CONTENT_TYPES as readonly string[]).includes(type);
}

/** The staff page of an item or information page. */
export function itemHref(line: Pick<WorkLine, 'type' | 'id'>): string {
  return `/admin/${line.type}/${encodeURIComponent(line.id)}`;
}

/** The words naming a line: an information page by its title, others by their own. */
export function lineTitle(line: Pick<WorkLine, 'type' | 'id' | 'title'>): string {
  return line.type === 'pages' ? pageTitle(line.id) : line.title;
}

/** "News item", "Information page". */
export function kindOf(line: Pick<WorkLine, 'label'>): string {
  return line.label.charAt(0).toUpperCase() + line.label.slice(1);
}

/** A person as the dashboard names them: their name, else their e-mail, else "someone". */
export function personOf(who: StaffName | null): string {
  return who?.name || who?.email || 'someone';
}

/** The time zone's name in words ("India Standard Time"), falling back to its id. */
export function zoneName(timeZone: string, at = new Date()): string {
  const part = new Intl.DateTimeFormat('en-IN', { timeZone, timeZoneName: 'long' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** A day (YYYY-MM-DD) in words: "31 Mar 2026". */
export function dayInWords(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** "1 photo", "3 photos". */
export function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
