import { z } from 'zod';

// Response and parameter schemas of CONTRACT.md; the OpenAPI document is generated from them.

const fileRefs = z.array(z.string()).describe('File references: ids or media paths; fetch as /api/image/{ref}');
const isoDate = z.string().nullable().optional().describe('ISO 8601 date; null or absent when unknown');

export const codeParams = z.object({ code: z.string().min(1).max(64).describe('School code, e.g. STHSM') });
export const errorBody = z.object({ error: z.string(), errors: z.record(z.string(), z.string()).optional() });

export const newsItem = z.object({ _id: z.string(), date: isoDate, fromDate: isoDate, title: z.string(), description: z.string(), attachments: fileRefs });
export const highlight = z.object({ _id: z.string(), description: z.string(), attachments: fileRefs });
export const topper = z.object({
  _id: z.string(), name: z.string(), class: z.enum(['X', 'XII']), division: z.string().describe('Percentage, e.g. "96.4%"'),
  stream: z.string(), sessionYear: z.string().describe('e.g. "2024-2025"'), attachments: fileRefs,
});
export const principalMessage = z.object({ _id: z.string(), message: z.string().describe('HTML'), attachments: fileRefs });
export const schoolEvent = z.object({
  _id: z.string(), title: z.string(), description: z.string(), date: isoDate, fromDate: isoDate,
  location: z.string(), venue: z.string(), time: z.string(), images: fileRefs, attachments: fileRefs,
});
export const birthday = z.object({ _id: z.string(), name: z.string(), class: z.string(), attachments: fileRefs });
export const visitorCount = z.object({ visitor: z.number().int() });
export const notification = z.object({
  _id: z.string(), title: z.string(), description: z.string(), image: fileRefs, attachments: fileRefs, url: z.string(),
});
export const album = z.object({
  _id: z.string(), title: z.string(), description: z.string(), category: z.string(), date: isoDate, attachments: fileRefs,
});
export const subGallery = z.object({
  _id: z.string(), title: z.string(), description: z.string(), date: isoDate, updatedOn: isoDate, attachments: fileRefs,
});
export const video = z.object({ _id: z.string(), title: z.string(), date: isoDate, videoUrl: z.string(), attachments: fileRefs });

export const notFound = { 404: errorBody };
