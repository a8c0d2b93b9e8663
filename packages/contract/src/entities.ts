import { z } from './zod.ts';

// The shapes of CONTRACT.md as zod schemas: the API's route schemas (and so its OpenAPI document)
// are these, and the site parses every answer with them. Unknown extra fields are dropped, so the
// site also reads any other server of the contract.

/** A file reference: an identifier ("6650f0c2a1b2") or a relative media path ("STHSM/public/Images/x.jpg"). */
export const fileRefSchema = z.string().describe('A file id or a media path; fetch it as /api/image/{ref}');
export const fileRefsSchema = z.array(fileRefSchema).describe('File references: ids or media paths; fetch as /api/image/{ref}');
/** ISO 8601 ("2025-08-14" or a full timestamp); null or absent when unknown. */
export const isoDateSchema = z.string().nullable().optional().describe('ISO 8601 date; null or absent when unknown');

const stored = {
  _id: z.string(),
  /**
   * An extension (docs/api.md "Languages"): asked with ?lang=hi, an item whose text is in that language
   * says so; an item without it is in the school's English (the site shows it with a one-line note).
   */
  lang: z.string().optional().describe('The language of the text fields when not English (asked with ?lang=)'),
};
/**
 * Optional publishing facts (news, events, albums): servers that keep them send them, others omit
 * them. `version` counts saved edits (the site's iCalendar SEQUENCE); `updatedAt` is the last edit
 * (feed `updated`, sitemap `lastmod`). Without them the site uses 0 and the item's own date.
 */
const published = {
  version: z.number().int().min(0).optional().describe('+1 with every save; absent from servers that do not keep versions'),
  updatedAt: z.string().nullable().optional().describe('ISO 8601 time of the last change'),
};

export const newsItemSchema = z.object({
  ...stored,
  date: isoDateSchema,
  fromDate: isoDateSchema,
  title: z.string(),
  description: z.string(),
  attachments: fileRefsSchema,
  ...published,
});
export const highlightSchema = z.object({ ...stored, description: z.string(), attachments: fileRefsSchema });
export const topperClassSchema = z.enum(['X', 'XII']);
export const topperSchema = z.object({
  ...stored,
  name: z.string(),
  class: topperClassSchema,
  division: z.string().describe('Percentage, e.g. "96.4%"'),
  stream: z.string(),
  sessionYear: z.string().describe('e.g. "2024-2025"'),
  attachments: fileRefsSchema,
});
export const principalMessageSchema = z.object({
  ...stored,
  message: z.string().describe('HTML: sanitize before rendering'),
  attachments: fileRefsSchema,
});
export const schoolEventSchema = z.object({
  ...stored,
  title: z.string(),
  description: z.string(),
  date: isoDateSchema,
  fromDate: isoDateSchema,
  location: z.string(),
  venue: z.string(),
  time: z.string(),
  images: fileRefsSchema,
  attachments: fileRefsSchema,
  ...published,
});
export const birthdaySchema = z.object({ ...stored, name: z.string(), class: z.string(), attachments: fileRefsSchema });
export const visitorCountSchema = z.object({ visitor: z.number().int() });
export const notificationSchema = z.object({
  ...stored,
  title: z.string(),
  description: z.string(),
  image: fileRefsSchema,
  attachments: fileRefsSchema,
  url: z.string(),
});
export const albumSchema = z.object({
  ...stored,
  title: z.string(),
  description: z.string(),
  category: z.string(),
  date: isoDateSchema,
  attachments: fileRefsSchema,
  ...published,
});
export const subGallerySchema = z.object({
  ...stored,
  title: z.string(),
  description: z.string(),
  date: isoDateSchema,
  updatedOn: isoDateSchema,
  attachments: fileRefsSchema,
  /** An extension (docs/api.md): alt text and caption of the album's media-library photos, by reference. Absent from other servers. */
  photos: z.array(z.object({ ref: z.string(), alt: z.string(), decorative: z.boolean(), caption: z.string() })).optional(),
  ...published,
});
export const videoSchema = z.object({
  ...stored,
  title: z.string(),
  date: isoDateSchema,
  videoUrl: z.string(),
  attachments: fileRefsSchema.describe('attachments[0] is the thumbnail'),
});
/** Every error answer: a message, plus one message per field for form validation. */
export const errorBodySchema = z.object({ error: z.string(), errors: z.record(z.string(), z.string()).optional() });

export type FileRef = z.infer<typeof fileRefSchema>;
export type NewsItem = z.infer<typeof newsItemSchema>;
export type Highlight = z.infer<typeof highlightSchema>;
export type TopperClass = z.infer<typeof topperClassSchema>;
export type Topper = z.infer<typeof topperSchema>;
export type PrincipalMessage = z.infer<typeof principalMessageSchema>;
export type SchoolEvent = z.infer<typeof schoolEventSchema>;
export type Birthday = z.infer<typeof birthdaySchema>;
export type VisitorCount = z.infer<typeof visitorCountSchema>;
export type SchoolNotification = z.infer<typeof notificationSchema>;
export type Album = z.infer<typeof albumSchema>;
export type SubGallery = z.infer<typeof subGallerySchema>;
export type Video = z.infer<typeof videoSchema>;
