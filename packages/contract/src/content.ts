import { z } from './zod.ts';
import { fileRefSchemas, shownRef } from './school-fields.ts';

// The staff content API's shapes (docs/api.md "Staff content API"): one schema per content type,
// used by the API on every write and by the browser form later, so both give the same message
// under the same field. Field names are SPEC §3's; labels are the plain words STAFF.md asks for.

export const CONTENT_TYPES = [
  'news',
  'announcements',
  'events',
  'albums',
  'videos',
  'toppers',
  'birthdays',
  'notifications',
  'principal-message',
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Stored statuses. Scheduled and Expired are derived from the publish window (displayStatus). */
export const CONTENT_STATUSES = ['draft', 'review', 'published'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const DISPLAY_STATUSES = ['draft', 'review', 'scheduled', 'published', 'expired'] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];
export const DISPLAY_STATUS_LABELS: Record<DisplayStatus, string> = {
  draft: 'Draft',
  review: 'In review',
  scheduled: 'Scheduled',
  published: 'Published',
  expired: 'Expired',
};

/** Draft / In review; for a published item, Scheduled before its window, Expired after it. */
export function displayStatus(item: { status: string; publishAt: string | null; unpublishAt: string | null }, now: Date): DisplayStatus {
  if (item.status !== 'published') return item.status === 'review' ? 'review' : 'draft';
  const at = now.toISOString();
  if (item.publishAt && item.publishAt > at) return 'scheduled';
  if (item.unpublishAt && item.unpublishAt <= at) return 'expired';
  return 'published';
}

const required = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` });
const optionalText = (label: string, max = 2000) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .default('');

function realDay(value: string): boolean {
  const d = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
/** A calendar day, YYYY-MM-DD; empty or absent is null. Stored as UTC midnight ISO. */
const day = (label: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v, ctx) => {
      const value = (v ?? '').trim();
      if (value === '') return null;
      const d = value.slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(d) || !realDay(d) || (value.length > 10 && Number.isNaN(Date.parse(value)))) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a date like 2025-08-14.` });
        return z.NEVER;
      }
      return `${d}T00:00:00.000Z`;
    });
/** One file reference of a list; registered, so the API checks it is the saving school's file (fileRefSchemas). */
function fileRef(label: string) {
  const schema = z
    .string()
    .trim()
    .min(1)
    .max(300, { error: `Each ${label.toLowerCase()} reference must be at most 300 characters.` })
    .refine((r) => !r.includes('..') && !r.startsWith('/') && ![...r].some((c) => c.charCodeAt(0) < 32), {
      error: (issue) => `${label} “${shownRef(issue.input)}” must be a file id or a media path like STHSM/public/Images/photo.jpg.`,
    });
  fileRefSchemas.add(schema, { label });
  return schema;
}
/** File references: an array, or (from a form post) one per line. */
const refs = (label: string) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(/\r?\n/)
            .map((s) => s.trim())
            .filter(Boolean)
        : (v ?? []),
    z
      .array(fileRef(label), { error: `${label} must be a list of file references.` })
      .max(200, { error: `${label} can hold at most 200 files.` }),
  );
/** A child of the consent register (`/admin/children`) the item shows; empty or absent is null. */
const childRef = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    const value = (v ?? '').trim();
    if (value === '') return null;
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'Child must be chosen from the consent register.' });
      return z.NEVER;
    }
    return value;
  });
const link = (label: string, { required: needed = false } = {}) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(500, { error: `${label} must be at most 500 characters.` })
    .default('')
    .refine((v) => (v === '' ? !needed : /^https?:\/\/[^\s/]+\S*$/i.test(v) || (/^\/(?!\/)\S*$/.test(v) && !needed)), {
      message: needed ? `${label} is required: a link starting with https://.` : `${label} must start with https:// or /.`,
    });

export const newsFields = z.object({
  title: required('Title'),
  date: day('Date'),
  fromDate: day('From date'),
  description: optionalText('Description', 20_000),
  attachments: refs('Attachments'),
});
export const announcementFields = z.object({
  description: required('Description', 500),
  attachments: refs('Attachments'),
});
export const eventFields = z.object({
  title: required('Title'),
  description: optionalText('Description', 20_000),
  date: day('Date'),
  fromDate: day('From date'),
  location: optionalText('Location', 200),
  venue: optionalText('Venue', 200),
  time: optionalText('Time', 50),
  images: refs('Images'),
  attachments: refs('Attachments'),
});
export const albumFields = z.object({
  title: required('Title'),
  description: optionalText('Description', 20_000),
  category: optionalText('Category', 50).transform((v) => v || 'PhotoGallery'),
  date: day('Date'),
  attachments: refs('Photos'),
});
export const videoFields = z.object({
  title: required('Title'),
  date: day('Date'),
  videoUrl: link('Video URL', { required: true }),
  attachments: refs('Thumbnail'),
});
/** The one message for a percentage that is not one (the form, the paste preview, the API). */
export const PERCENTAGE_MESSAGE = 'Percentage must be a number from 0 to 100, like 96.4.';
export const topperFields = z.object({
  name: required('Name', 120),
  class: z.enum(['X', 'XII'], { error: 'Class must be X or XII.' }),
  // SPEC §3 "division (percentage string)": typed or pasted as 96.4, 96.4% or 96.4 %, kept as "96.4%".
  division: z
    .string({ error: 'Percentage is required.' })
    .trim()
    .min(1, { error: 'Percentage is required.' })
    .transform((v) => v.replace(/\s*%$/, ''))
    .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number.parseFloat(v) <= 100, { message: PERCENTAGE_MESSAGE })
    .transform((v) => `${v}%`),
  stream: optionalText('Stream', 80),
  sessionYear: z
    .string({ error: 'Session year is required.' })
    .trim()
    .regex(/^\d{4}-\d{4}$/, { error: 'Session year must look like 2024-2025.' })
    .refine((v) => Number(v.slice(5)) === Number(v.slice(0, 4)) + 1, {
      message: 'Session year must be two consecutive years, like 2024-2025.',
    }),
  attachments: refs('Photo'),
  child: childRef,
});
export const birthdayFields = z.object({
  name: required('Name', 120),
  class: required('Class', 40),
  monthDay: z
    .string({ error: 'Birthday is required.' })
    .trim()
    .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: 'Birthday must be a month and day like 08-14.' })
    .refine((v) => realDay(`2024-${v}`), { message: 'Birthday must be a real day of the year.' }),
  attachments: refs('Photo'),
  child: childRef,
});
export const notificationFields = z.object({
  title: required('Title'),
  description: optionalText('Description', 5000),
  image: refs('Image'),
  attachments: refs('Attachments'),
  url: link('Link'),
  activeFrom: day('Show from'),
  activeUntil: day('Show until'),
});
export const principalMessageFields = z.object({
  message: required('Message', 50_000),
  attachments: refs('Photo'),
});

/** One schema per content type: the fields an editor fills in (SPEC §3). */
export const contentFieldSchemas = {
  news: newsFields,
  announcements: announcementFields,
  events: eventFields,
  albums: albumFields,
  videos: videoFields,
  toppers: topperFields,
  birthdays: birthdayFields,
  notifications: notificationFields,
  'principal-message': principalMessageFields,
} satisfies Record<ContentType, z.ZodObject>;
export type ContentFields<T extends ContentType> = z.output<(typeof contentFieldSchemas)[T]>;

/** Which fields hold rich text (HTML sanitized by the server, RICH_TEXT_TAGS). */
export const RICH_TEXT_FIELDS: Partial<Record<ContentType, readonly string[]>> = { 'principal-message': ['message'] };

/**
 * The text fields a version in another language has (issue 35, docs/decisions/0156); every other
 * field (dates, photos, files, links, categories) is the item's own and shared by every language.
 * None for toppers and birthdays: a child's name is not translated (one copy of it, which an erasure
 * reaches).
 */
export const TRANSLATABLE_FIELDS: Partial<Record<ContentType, readonly string[]>> = {
  news: ['title', 'description'],
  announcements: ['description'],
  events: ['title', 'description', 'location', 'venue'],
  albums: ['title', 'description'],
  videos: ['title'],
  notifications: ['title', 'description'],
  'principal-message': ['message'],
};

/** The types that have versions in other languages. */
export const TRANSLATED_TYPES = CONTENT_TYPES.filter((t) => (TRANSLATABLE_FIELDS[t] ?? []).length > 0);

/** A version in another language: the type's own rules for its text fields (the same words, the same limits). */
export function translationFieldsSchema(type: ContentType) {
  const fields = TRANSLATABLE_FIELDS[type] ?? [];
  const schema: z.ZodObject = contentFieldSchemas[type];
  return schema.pick(Object.fromEntries(fields.map((f) => [f, true])) as Record<string, true>);
}

/**
 * A time in the school's time zone as the form shows it ("2025-08-14T10:00"), or an ISO time with
 * its offset ("2025-08-14T04:30:00Z"); empty is none. The API turns it into UTC ISO.
 */
export const schoolTimeSchema = (label: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v, ctx) => {
      const value = (v ?? '').trim();
      if (value === '') return null;
      if (
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value) ||
        (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/i.test(value) && !Number.isNaN(Date.parse(value)))
      )
        return value;
      ctx.addIssue({ code: 'custom', message: `${label} must be a date and time like 2025-08-14T10:00.` });
      return z.NEVER;
    });

/** What a save carries besides the fields: the publish window and, for an update, the version edited. */
export const publishWindowFields = z.object({
  publishAt: schoolTimeSchema('Publish at'),
  unpublishAt: schoolTimeSchema('Unpublish at'),
});
export const editedVersion = z.coerce
  .number({ error: 'Reload the item: the version you edited is missing.' })
  .int({ error: 'Reload the item: the version you edited is missing.' })
  .min(1, { error: 'Reload the item: the version you edited is missing.' });

export const returnBody = z.object({
  comment: z.string({ error: 'Say what needs changing.' }).trim().min(1, { error: 'Say what needs changing.' }).max(2000, {
    error: 'The comment must be at most 2000 characters.',
  }),
  version: editedVersion.optional(),
});
