import type { SiteLanguage } from '@sthsm/contract/languages';
import type {
  Album,
  ContentType,
  Birthday,
  Highlight,
  NewsItem,
  PageContents,
  PrincipalMessage,
  SchoolEvent,
  SchoolNotification,
  SchoolProfile,
  Topper,
  Video,
} from '@sthsm/contract';

/**
 * A demo file to write under the media root.
 * `path` is relative to the media root, e.g. "STHSM/public/Images/lab-physics-1.jpg".
 * When `id` is set, the file is also reachable as /api/image/{id}; ids are content hashes,
 * so those URLs are immutable.
 */
export interface DemoFile {
  path: string;
  id?: string;
  contentType: string;
  bytes: Buffer;
  /** A friendly file name ("annual-sports-day-2024-03.jpg") for downloads and the lightbox's Filename. */
  name?: string;
}

/** One school's lists: every list of CONTRACT.md, with stable `_id`s (24 hex digits). */
export interface SchoolRecords {
  code: string;
  name: string;
  news: NewsItem[];
  highlights: Highlight[];
  toppers: Topper[];
  principalMessages: PrincipalMessage[];
  events: SchoolEvent[];
  /** Birthdays carry the month-day they fall on; the API answers today's. */
  birthdays: Array<Birthday & { monthDay: string /* "MM-DD" */ }>;
  /** Notifications carry a window; the API answers the current ones. */
  notifications: Array<SchoolNotification & { activeFrom: string; activeUntil: string }>;
  albums: Array<Album & { updatedOn: string }>;
  videos: Video[];
  /** Starting visitor count. */
  visitor: number;
  /**
   * Items' texts in the school's other languages (issue 35), published: the type, the item's id, the
   * language, and the type's text fields in it.
   */
  translations?: DemoTranslation[];
}

export interface DemoTranslation {
  type: ContentType;
  id: string;
  locale: SiteLanguage;
  fields: Record<string, string>;
}

/** One school's seed: its lists, its profile and page records, and the host names it is served on. */
export interface SchoolSeed extends SchoolRecords {
  profile: SchoolProfile;
  pages: PageContents;
  /** Host names mapped to this school (e.g. "demo2.localhost", which browsers resolve to loopback). */
  hosts: string[];
}

export interface DemoData {
  schools: SchoolSeed[];
  files: DemoFile[];
}
