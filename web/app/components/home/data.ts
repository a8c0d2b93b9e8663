import type { Album, Birthday, NewsItem, SchoolEvent, SchoolNotification, Topper, TopperClass } from '@sthsm/contract';

/** How much of each list the home page shows. */
export const HOME_NEWS_LIMIT = 12;
export const HOME_EVENTS_LIMIT = 9;
export const HOME_TOPPERS_LIMIT = 8;
/** SPEC §2: the gallery teaser shows the first album's first four images. */
export const GALLERY_TEASER_IMAGES = 4;

// Pure shaping of the API's answers into what the home page shows (only the fields it renders,
// so the page's loader data stays small). `null` (a failed call) and `[]` both mean "nothing",
// and the sections then show SPEC §8's placeholders.

export interface HomeNewsItem {
  /** The language of the text when the school translated it (the API's `lang`). */
  lang?: string | undefined;
  id: string;
  title: string;
  date: string | null;
}
export interface HomeEvent {
  /** The language of the text when the school translated it (the API's `lang`). */
  lang?: string | undefined;
  id: string;
  title: string;
  description: string;
  date: string | null;
  place: string;
  time: string;
  image: string | null;
}
export interface HomeBirthday {
  id: string;
  name: string;
  className: string;
  image: string | null;
}
export interface HomeTopper {
  id: string;
  name: string;
  stream: string;
  division: string;
  sessionYear: string;
  image: string | null;
}
export interface HomeGallery {
  albumId: string;
  title: string;
  images: string[];
}
export interface HomeNotification {
  /** The language of the text when the school translated it (the API's `lang`). */
  lang?: string | undefined;
  id: string;
  title: string;
  description: string;
  image: string | null;
  attachment: string | null;
  url: string | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const first = (refs: unknown): string | null => (Array.isArray(refs) && typeof refs[0] === 'string' && refs[0] ? refs[0] : null);

export function homeNews(items: NewsItem[] | null): HomeNewsItem[] {
  return (items ?? [])
    .filter((n) => text(n.title))
    .slice(0, HOME_NEWS_LIMIT)
    .map((n) => ({ id: n._id, title: text(n.title), date: n.date ?? n.fromDate ?? null, lang: n.lang }));
}

export function homeEvents(items: SchoolEvent[] | null): HomeEvent[] {
  return (items ?? [])
    .filter((e) => text(e.title))
    .slice(0, HOME_EVENTS_LIMIT)
    .map((e) => ({
      id: e._id,
      title: text(e.title),
      description: text(e.description),
      date: e.date ?? e.fromDate ?? null,
      place: text(e.location) || text(e.venue),
      time: text(e.time),
      image: first(e.images) ?? null,
      lang: e.lang,
    }));
}

export function homeBirthdays(items: Birthday[] | null): HomeBirthday[] {
  return (items ?? [])
    .filter((b) => text(b.name))
    .map((b) => ({ id: b._id, name: text(b.name), className: text(b.class), image: first(b.attachments) }));
}

const percent = (division: string): number => {
  const value = Number.parseFloat(division);
  return Number.isFinite(value) ? value : -1;
};

/**
 * The home page's toppers of one class (SPEC §9: class X and XII only): those of the latest
 * session that has any, highest division first.
 */
export function homeToppers(items: Topper[] | null, cls: TopperClass): HomeTopper[] {
  const ofClass = (items ?? []).filter((t) => t.class === cls && text(t.name));
  const latest = ofClass.reduce((max, t) => (text(t.sessionYear) > max ? text(t.sessionYear) : max), '');
  return ofClass
    .filter((t) => text(t.sessionYear) === latest)
    .sort((a, b) => percent(b.division) - percent(a.division))
    .slice(0, HOME_TOPPERS_LIMIT)
    .map((t) => ({
      id: t._id,
      name: text(t.name),
      stream: text(t.stream),
      division: text(t.division),
      sessionYear: text(t.sessionYear),
      image: first(t.attachments),
    }));
}

/** The first album's first four images (SPEC §2); an album without images is skipped. */
export function homeGallery(albums: Album[] | null): HomeGallery | null {
  const album = (albums ?? []).find((a) => Array.isArray(a.attachments) && a.attachments.length > 0);
  if (!album) return null;
  return {
    albumId: album._id,
    title: text(album.title),
    images: album.attachments.filter((r) => typeof r === 'string' && r).slice(0, GALLERY_TEASER_IMAGES),
  };
}

/** Only web links or site paths: a stored `javascript:` URL must never become a link. */
export function safeLink(value: unknown): string | null {
  const url = text(value);
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export function homeNotifications(items: SchoolNotification[] | null): HomeNotification[] {
  return (items ?? [])
    .filter((n) => text(n.title) || text(n.description))
    .map((n) => ({
      id: n._id,
      title: text(n.title),
      description: text(n.description),
      image: first(n.image),
      attachment: first(n.attachments),
      url: safeLink(n.url),
      lang: n.lang,
    }));
}
