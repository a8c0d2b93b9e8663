import { CONTENT_TYPES, type ContentType } from '@sthsm/contract';

// What the staff area's one list route and one item route (routes/admin/content*.tsx) need to know
// about each content type of SPEC §3: its words, its fields in form order with the plain labels
// STAFF.md asks for and the input each gets, and what the list shows. The fields' names and rules
// are the API's (contentFieldSchemas in @sthsm/contract); the server checks every save with them.

/** text: one line; textarea: prose; html: rich text as HTML (sanitized by the server); date: a day;
 * refs: files of the media library (components/admin/file-refs.tsx; references one per line without JavaScript); url: a link; choice: one of `options`; photos: an album's
 * photos from the media library (components/admin/album-photos.tsx); month-day: a birthday's month
 * and day, picked from two lists and stored as "MM-DD" (components/admin/month-day-field.tsx). */
export type FieldKind = 'text' | 'textarea' | 'html' | 'date' | 'refs' | 'url' | 'choice' | 'photos' | 'month-day';

export interface FieldView {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  hint?: string;
  options?: readonly string[];
  /** refs: one file only (a new choice replaces it). */
  single?: boolean;
  /** refs: photos only (the field shows a picture), not PDFs. */
  photosOnly?: boolean;
}

export interface ContentView {
  type: ContentType;
  /** The list's heading and the navigation's word. */
  heading: string;
  /** One item, for "New …" and "Edit …". */
  singular: string;
  /** The field naming an item in the list (a link to it). */
  titleField: string;
  /** A second column of the list, when the type has a date-like field. */
  secondary?: { field: string; label: string };
  /** More columns of the list after `secondary`, and a "Goes live" column (Publish at in the school's zone). */
  columns?: ReadonlyArray<{ field: string; label: string }>;
  goLive?: boolean;
  /** Another way to add items, linked next to "New …" (the toppers' paste page). */
  addMany?: { to: string; label: string };
  fields: readonly FieldView[];
}

const title: FieldView = { name: 'title', label: 'Title', kind: 'text', required: true };
const date: FieldView = { name: 'date', label: 'Date', kind: 'date' };
const fromDate: FieldView = { name: 'fromDate', label: 'From date', kind: 'date' };
const description: FieldView = { name: 'description', label: 'Description', kind: 'textarea' };
const refs = (name: string, label: string, hint: string, only: { single?: boolean; photosOnly?: boolean } = {}): FieldView => ({
  name,
  label,
  kind: 'refs',
  hint,
  ...only,
});
const attachments = refs('attachments', 'Attachments', 'Photos and PDFs from the media library.');
const photo = refs('attachments', 'Photo', 'One photo from the media library.', { single: true, photosOnly: true });
const name: FieldView = { name: 'name', label: 'Name', kind: 'text', required: true };
const byDate = { field: 'date', label: 'Date' };

export const CONTENT_VIEWS: Record<ContentType, ContentView> = {
  news: {
    type: 'news',
    heading: 'News',
    singular: 'news item',
    titleField: 'title',
    secondary: byDate,
    fields: [title, date, fromDate, description, attachments],
  },
  announcements: {
    type: 'announcements',
    heading: 'Announcements',
    singular: 'announcement',
    titleField: 'description',
    fields: [{ ...description, required: true, hint: 'The line the announcements strip of every page shows.' }, attachments],
  },
  events: {
    type: 'events',
    heading: 'Events',
    singular: 'event',
    titleField: 'title',
    secondary: byDate,
    fields: [
      title,
      date,
      fromDate,
      { name: 'time', label: 'Time', kind: 'text', hint: 'Like 10:00 AM.' },
      { name: 'venue', label: 'Venue', kind: 'text' },
      { name: 'location', label: 'Location', kind: 'text' },
      description,
      refs('images', 'Images', 'Photos from the media library.', { photosOnly: true }),
      attachments,
    ],
  },
  albums: {
    type: 'albums',
    heading: 'Albums',
    singular: 'album',
    titleField: 'title',
    secondary: byDate,
    fields: [
      title,
      date,
      description,
      { name: 'category', label: 'Category', kind: 'text', hint: 'PhotoGallery unless you give another.' },
      { name: 'attachments', label: 'Photos', kind: 'photos' },
    ],
  },
  videos: {
    type: 'videos',
    heading: 'Videos',
    singular: 'video',
    titleField: 'title',
    secondary: byDate,
    fields: [
      title,
      date,
      { name: 'videoUrl', label: 'Video URL', kind: 'url', required: true, hint: 'A link starting with https://.' },
      refs('attachments', 'Thumbnail', 'One photo from the media library, shown before the video plays.', {
        single: true,
        photosOnly: true,
      }),
    ],
  },
  toppers: {
    type: 'toppers',
    heading: 'Toppers',
    singular: 'topper',
    titleField: 'name',
    secondary: { field: 'class', label: 'Class' },
    // Results day: the list shows what staff check against the marks sheet, and when each goes live.
    columns: [
      { field: 'division', label: 'Percentage' },
      { field: 'sessionYear', label: 'Session year' },
    ],
    goLive: true,
    addMany: { to: '/admin/toppers/paste', label: 'Paste toppers from a spreadsheet' },
    fields: [
      name,
      { name: 'class', label: 'Class', kind: 'choice', options: ['X', 'XII'], required: true },
      // SPEC §3 calls it "division"; it is the percentage the toppers pages show under the name.
      {
        name: 'division',
        label: 'Percentage',
        kind: 'text',
        required: true,
        hint: 'The marks as a percentage, like 96.4 (the % sign is added).',
      },
      {
        name: 'stream',
        label: 'Stream',
        kind: 'text',
        hint: 'Shown under the name. For class XII: Science, Commerce or Humanities; leave empty for class X.',
      },
      { name: 'sessionYear', label: 'Session year', kind: 'text', required: true, hint: 'Like 2024-2025.' },
      photo,
    ],
  },
  birthdays: {
    type: 'birthdays',
    heading: 'Birthdays',
    singular: 'birthday',
    titleField: 'name',
    secondary: { field: 'monthDay', label: 'Birthday' },
    fields: [
      name,
      { name: 'class', label: 'Class', kind: 'text', required: true },
      { name: 'monthDay', label: 'Birthday', kind: 'month-day', required: true },
      photo,
    ],
  },
  notifications: {
    type: 'notifications',
    heading: 'Notifications',
    singular: 'notification',
    titleField: 'title',
    secondary: { field: 'activeFrom', label: 'Show from' },
    fields: [
      title,
      description,
      { name: 'url', label: 'Link', kind: 'url', hint: 'Optional: a page of this site (/news) or https://…' },
      { name: 'activeFrom', label: 'Show from', kind: 'date' },
      { name: 'activeUntil', label: 'Show until', kind: 'date' },
      refs('image', 'Image', 'One photo from the media library.', { single: true, photosOnly: true }),
      { ...attachments, hint: 'A notice as a PDF, or photos, from the media library.' },
    ],
  },
  'principal-message': {
    type: 'principal-message',
    heading: "Principal's message",
    singular: "principal's message",
    titleField: 'message',
    fields: [
      {
        name: 'message',
        label: 'Message',
        kind: 'html',
        required: true,
        hint: 'HTML: paragraphs <p>, <strong>, <em>, lists and links. Other tags are removed on saving.',
      },
      photo,
    ],
  },
};

export function contentView(type: string | undefined): ContentView | undefined {
  return type && (CONTENT_TYPES as readonly string[]).includes(type) ? CONTENT_VIEWS[type as ContentType] : undefined;
}

/** A stored field as the form shows it: a day as YYYY-MM-DD, a list one per line. */
export function formText(field: FieldView, value: unknown): string {
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'string').join('\n');
  if (typeof value !== 'string') return '';
  return field.kind === 'date' ? value.slice(0, 10) : value;
}

/** A field as a line of the list or of the conflict box: tags removed, long text shortened. */
export function plainText(value: unknown, max = 90): string {
  const text = (Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const day = /^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/.test(text) ? text.slice(0, 10) : text;
  return day.length > max ? `${day.slice(0, max - 1)}…` : day;
}

/** The staff area's content lists in the order of SPEC §3, then the syllabus PDFs, the information pages and the media library (navigation and dashboard). */
export const CONTENT_LINKS: ReadonlyArray<{ to: string; label: string }> = [
  ...CONTENT_TYPES.map((t) => ({ to: `/admin/${t}`, label: CONTENT_VIEWS[t].heading })),
  { to: '/admin/syllabus', label: 'Syllabus PDFs' },
  { to: '/admin/pages', label: 'Information pages' },
  { to: '/admin/media', label: 'Media library' },
];
