import { imageUrl } from './images';

// The URLs of one news item, event or album: the page a share or a feed links to, and the
// calendar files. One place, so the pages, the feeds and the sitemap agree (docs/decisions/0105).

export { albumPath, eventPath, newsItemPath } from '@sthsm/contract/site-map';

const q = (id: string) => encodeURIComponent(id);
/** One event as an iCalendar file. */
export const eventIcsPath = (id: string) => `/events/${q(id)}.ics`;

/** The feeds, at stable URLs (docs/api.md "Feeds, calendars and share previews"). */
export const FEED_PATHS = { rss: '/news.rss', atom: '/news.atom', calendar: '/events.ics' } as const;

/** The share-preview image of a file reference: the image endpoint's 1200×630 `og` variant. */
export function shareImageUrl(ref: string, origin: string): string {
  return `${imageUrl(ref, undefined, origin)}?variant=og`;
}

/** The webcal:// form of an http(s) calendar URL (calendar apps subscribe to it). */
export const webcalUrl = (url: string) => url.replace(/^https?:/, 'webcal:');
