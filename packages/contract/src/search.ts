import { z } from './zod.ts';

// Search of everything a visitor can see (issue 36): GET /api/search/{code}?q= and the site's
// /search?q= page. The words here are the page's and the API's; the rules are in docs/search.md.

/** What a result is, in the order the results page names them. */
export const SEARCH_KINDS = [
  'news',
  'events',
  'announcements',
  'notifications',
  'albums',
  'videos',
  'toppers',
  'pages',
  'syllabus',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The label shown before a result's title. */
export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  news: 'News',
  events: 'Event',
  announcements: 'Announcement',
  notifications: 'Notice',
  albums: 'Photo album',
  videos: 'Video',
  toppers: 'Topper',
  pages: 'Page',
  syllabus: 'Syllabus',
};

export const SEARCH_PAGE_SIZE = 10;
/** The longest query, in characters, and the most words of it that count. */
export const SEARCH_QUERY_MAX = 100;
export const SEARCH_TERMS_MAX = 8;
/** The last page the results go to (100 pages of 10 results). */
export const SEARCH_PAGE_MAX = 100;

export const SEARCH_MESSAGES = {
  empty: 'Type a word to search for.',
  tooLong: `Search for at most ${SEARCH_QUERY_MAX} characters.`,
  page: `Choose a page from 1 to ${SEARCH_PAGE_MAX}.`,
} as const;

/** The query string of GET /api/search/{code} (and of the site's /search page). */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: SEARCH_MESSAGES.empty })
    .trim()
    .min(1, { error: SEARCH_MESSAGES.empty })
    .max(SEARCH_QUERY_MAX, { error: SEARCH_MESSAGES.tooLong }),
  page: z.coerce
    .number({ error: SEARCH_MESSAGES.page })
    .int({ error: SEARCH_MESSAGES.page })
    .min(1, { error: SEARCH_MESSAGES.page })
    .max(SEARCH_PAGE_MAX, { error: SEARCH_MESSAGES.page })
    .default(1),
  /** The content language (issue 35): English until a school has others. */
  lang: z
    .string()
    .regex(/^[a-z]{2}$/)
    .default('en'),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** A piece of text, marked when it is one of the words searched for. */
export const searchSegmentSchema = z.object({ text: z.string(), mark: z.boolean() });
export type SearchSegment = z.infer<typeof searchSegmentSchema>;

export const searchResultSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  title: z.string(),
  /** The title cut into marked and unmarked pieces. */
  titleParts: z.array(searchSegmentSchema),
  /** Up to about 200 characters of the item's text around its first match, pieces as in titleParts. */
  snippet: z.array(searchSegmentSchema),
  /** The item's date (YYYY-MM-DD…), when it has one. */
  date: z.string().nullable(),
  /** Where the result leads: a path of the school's site, or an https: address (a video). */
  path: z.string(),
  /** Every word searched for is in the title (these come first). */
  titleMatch: z.boolean(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchAnswerSchema = z.object({
  query: z.string(),
  /** The words that were looked for (at most SEARCH_TERMS_MAX). */
  terms: z.array(z.string()),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  results: z.array(searchResultSchema),
  /** With no result: the query with a Latin-script word spelt as the school's site spells a near one. */
  suggestions: z.array(z.string()),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
