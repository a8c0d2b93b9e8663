import type { NewsItem, SchoolEvent } from '@sthsm/contract';
import { API_TIMEOUT_MS } from '@sthsm/contract/http';
import { Feed } from 'feed';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { DateTime } from 'luxon';
import { iconUrl } from './brand';
import { parseDate } from './dates';
import { env } from './env.server';
import { eventPath, FEED_PATHS, newsItemPath } from './item-links';
import { imageUrl } from './images';
import { eventPlace, eventWhen, SCHOOL_TIME_ZONE } from './event-times.server';
import { sortNewestFirst } from './filters';
import { schoolApi, requestLocale } from './api.server';
import { loadSchoolProfile } from './school-data.server';
import { currentSchool, siteUrlFor } from './school.server';
import { LANGUAGES, localeOfPath, localePath, type Locale } from '@sthsm/contract/languages';
import type { Messages } from '../i18n/catalogue';
import { catalogueOf } from '../i18n/catalogues.server';
import { schoolMessages } from '../i18n/corrections.server';
import { i18nOf, localizedPath } from '../i18n/i18n';

// The news feed (RSS 2.0, Atom) and the events calendar (iCalendar), made from the contract's public
// answers, so they work against any contract server (API_URL) and show what the pages show: the API
// leaves drafts and scheduled items out of its public lists. Generators: `feed` and `ical-generator`.

/** How many news items the feed carries. */
export const NEWS_FEED_SIZE = 50;

/** Whose feed: the school of the request and the origin its pages are on. */
export interface FeedSite {
  origin: string;
  schoolName: string;
  /** The school's favicon (its crest's icon; absent without a crest: never another school's). */
  icon?: string | undefined;
  /** The feed's language (issue 35): its title and description, and the pages it links to. English by default. */
  locale?: Locale;
  /** Its catalogue with the school's corrections (i18n/corrections.server.ts). */
  messages?: Messages | null;
}

/** A feed's words and addresses in its language: pages at /hi/…, feeds at /hi/news.rss… */
function languageOf(site: FeedSite) {
  const locale = site.locale ?? 'en';
  return {
    tag: LANGUAGES[locale].tag,
    locale,
    t: i18nOf(locale, site.messages ?? null).t,
    page: (path: string) => `${site.origin}${localizedPath(locale, path)}`,
    feed: (path: string) => `${site.origin}${localePath(locale, path)}`,
  };
}

/** What an enclosure needs to know about a file (RSS: url, length, type). */
export interface FileFacts {
  length: number;
  type: string;
}

/** The last change of an item: `updatedAt` when the server sends it, else its own date. */
export function changedAt(item: { updatedAt?: string | null | undefined; date?: string | null | undefined }): Date | null {
  return parseDate(item.updatedAt) ?? parseDate(item.date);
}

/**
 * Type and size of a file of the image endpoint, asked with HEAD under the API time-out; null when
 * the answer fails or says nothing usable.
 */
export async function fileFacts(ref: string): Promise<FileFacts | null> {
  try {
    const url = `${env.apiUrl}${imageUrl(ref)}`;
    const response = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(API_TIMEOUT_MS) });
    const length = Number(response.headers.get('content-length'));
    const type = response.headers.get('content-type')?.split(';')[0]?.trim();
    return response.ok && length > 0 && type ? { length, type } : null;
  } catch {
    return null;
  }
}

export type NewsFeedFormat = 'rss' | 'atom';

// The stored texts are plain text; a summary is HTML in both formats (and an Atom title is
// declared type="html" by the generator), so their <, & and quotes are escaped for it.
const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The newest NEWS_FEED_SIZE items, newest first. */
export function latestNews(items: readonly NewsItem[]): NewsItem[] {
  return sortNewestFirst(items).slice(0, NEWS_FEED_SIZE);
}

/**
 * The news feed of `items` (the latest NEWS_FEED_SIZE), with each item's first attachment as its
 * enclosure when `files` knows it. `rss2()` and `atom1()` of the result are the two formats.
 */
export function newsFeed(
  items: readonly NewsItem[],
  site: FeedSite,
  files: ReadonlyMap<string, FileFacts> = new Map(),
  format: NewsFeedFormat = 'rss',
): Feed {
  const latest = latestNews(items);
  const updated = latest.map(changedAt).reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), null);
  const { t, tag, page, feed: feedUrl } = languageOf(site);
  const school = { school: site.schoolName };
  const feed = new Feed({
    id: page('/news'),
    title: site.schoolName ? t('feeds.newsTitle', school) : t('feeds.newsTitleNoSchool'),
    description: site.schoolName ? t('feeds.newsDescription', school) : t('feeds.newsDescriptionNoSchool'),
    link: page('/news'),
    language: tag,
    ...(site.icon ? { favicon: site.icon } : {}),
    copyright: site.schoolName ? `© ${site.schoolName}` : '',
    // A fixed date when there is nothing, so an empty feed is still the same bytes each time.
    updated: updated ?? new Date(0),
    generator: false,
    feedLinks: { rss: feedUrl(FEED_PATHS.rss), atom: feedUrl(FEED_PATHS.atom) },
  });
  for (const item of latest) {
    const link = page(newsItemPath(item._id));
    const published = parseDate(item.date) ?? parseDate(item.fromDate);
    const first = item.attachments[0];
    const facts = first ? files.get(first) : undefined;
    feed.addItem({
      title: format === 'atom' ? html(item.title) : item.title,
      id: link,
      link,
      date: changedAt(item) ?? published ?? new Date(0),
      ...(published ? { published } : {}),
      description: html(item.description),
      ...(first && facts ? { enclosure: { url: imageUrl(first, undefined, site.origin), length: facts.length, type: facts.type } } : {}),
    });
  }
  return feed;
}

/**
 * The Atom form of a news feed. `feed` (6.0) writes an Atom enclosure's type as "image/" plus the
 * URL's last dot-part, whatever type it was given; the types are put right here from the items.
 */
export function atomXml(feed: Feed): string {
  let xml = feed.atom1();
  for (const item of feed.items) {
    const enclosure = item.enclosure;
    if (!enclosure?.type) continue;
    const href = escapeAttribute(enclosure.url);
    xml = xml.replace(
      new RegExp(`(<link rel="enclosure" href="${escapeRegExp(href)}"[^>]*? type=")[^"]*(")`),
      `$1${escapeAttribute(enclosure.type)}$2`,
    );
  }
  return xml;
}

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A VTIMEZONE for a zone with one offset all year (Asia/Kolkata: +05:30, no daylight saving), or
 * null for a zone with daylight saving — its events are then written in UTC, which every calendar
 * reads right without a zone definition.
 */
export function fixedOffsetVTimezone(zone: string): string | null {
  const year = DateTime.now().year;
  const offsets = [1, 4, 7, 10].map((month) => DateTime.fromObject({ year, month, day: 1 }, { zone }));
  const [first] = offsets;
  if (!first?.isValid || offsets.some((d) => d.offset !== first.offset)) return null;
  const offset = first.toFormat('ZZZ');
  const name = first.setLocale('en-IN').offsetNameShort ?? offset;
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    `X-LIC-LOCATION:${zone}`,
    'BEGIN:STANDARD',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    `TZNAME:${name}`,
    'DTSTART:19700101T000000',
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n');
}

/**
 * The events of `events` as one iCalendar (RFC 5545): a VTIMEZONE for the school's zone, times in
 * that zone, all-day events as DATE values, UID `{id}@{host}` (stable, so an edit updates the
 * event in a subscribed calendar instead of adding one) and SEQUENCE = the event's `version`.
 * `single`: one event's download (METHOD:PUBLISH, named after the event).
 */
export function eventsCalendar(events: readonly SchoolEvent[], site: FeedSite, options: { zone?: string; single?: boolean } = {}): string {
  const zone = options.zone ?? SCHOOL_TIME_ZONE;
  const host = new URL(site.origin).hostname;
  const fixedZone = fixedOffsetVTimezone(zone) !== null;
  const single = options.single ? events[0] : undefined;
  const today = DateTime.utc().startOf('day').toJSDate();
  const { t, locale, page, feed } = languageOf(site);
  const school = { school: site.schoolName };
  const calendar = ical({
    name: single ? single.title : site.schoolName ? t('feeds.eventsTitle', school) : t('feeds.eventsTitleNoSchool'),
    description: site.schoolName ? t('feeds.eventsDescription', school) : t('feeds.eventsDescriptionNoSchool'),
    prodId: { company: host, product: 'School website', language: locale.toUpperCase() },
    url: page(single ? eventPath(single._id) : '/Events'),
    // Subscribed calendars look again after this long.
    ...(single ? { method: ICalCalendarMethod.PUBLISH } : { source: feed(FEED_PATHS.calendar), ttl: 3600 }),
    timezone: { name: null, generator: fixedOffsetVTimezone },
  });
  for (const event of events) {
    const when = eventWhen(event, zone);
    if (!when) continue;
    const link = page(eventPath(event._id));
    // DTSTAMP: the last change when the server says; else today (midnight UTC), so the bytes
    // stay the same all day and a future event never carries a future stamp.
    const updated = parseDate(event.updatedAt);
    const changed = updated ?? today;
    calendar.createEvent({
      id: `${event._id}@${host}`,
      // RFC 5545: 0 when created. Our server counts saves from 1 (docs/api.md "Publishing").
      sequence: Math.max(0, (event.version ?? 1) - 1),
      stamp: changed,
      ...(updated ? { lastModified: updated } : {}),
      start: when.start,
      end: when.end,
      allDay: when.allDay,
      timezone: fixedZone && !when.allDay ? zone : null,
      summary: event.title,
      description: [event.description, link].filter(Boolean).join('\n\n'),
      location: eventPlace(event) || null,
      url: link,
    });
  }
  return calendar.toString();
}

/** The file name an event's download is saved under (its title, in safe letters). */
export function eventFileName(event: Pick<SchoolEvent, '_id' | 'title'>): string {
  const slug = event.title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return `${slug || 'event'}.ics`;
}

/** The HTTP answer of a feed: its type, a short public cache life (pages are replayed the same way: api/src/page-cache.ts). */
export function feedResponse(body: string, contentType: string, download?: string): Response {
  const headers: Record<string, string> = {
    'content-type': `${contentType}; charset=utf-8`,
    'cache-control': 'public, max-age=300',
    'x-content-type-options': 'nosniff',
  };
  if (download) headers['content-disposition'] = `attachment; filename="${download}"`;
  return new Response(body, { headers });
}

/** The answer when the API could not give the data: try again soon, and nothing is cached. */
export function feedUnavailable(what: string): Response {
  return new Response(`The ${what} could not be loaded just now. Please try again in a moment.\n`, {
    status: 503,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '60', 'cache-control': 'no-store' },
  });
}

/**
 * The site a request's feed is for: its school's origin (as the pages' canonical URLs) and name, and
 * the feed's language (/hi/news.rss: Hindi). Null for a language the school does not offer.
 */
export async function feedSiteOf(request: Request): Promise<FeedSite | null> {
  const code = currentSchool(request);
  const school = await loadSchoolProfile(code);
  const origin = siteUrlFor(request, code);
  const locale = localeOfPath(new URL(request.url).pathname);
  if (locale !== 'en' && !(school?.languages?.includes(locale) && catalogueOf(locale))) return null;
  const messages = await schoolMessages(request, code, locale);
  return { origin, schoolName: school?.name ?? '', icon: school?.brand?.crest ? iconUrl(code, 32, origin) : undefined, locale, messages };
}

/** The answer for a feed in a language the school does not offer, or an event it does not have. */
export function feedNotFound(message = 'No such page.'): Response {
  return new Response(`${message}\n`, { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/**
 * The answer of /news.rss or /news.atom (and /hi/news.rss…): the request's school's news feed in
 * the address's language, its enclosures looked up; 503 when the API failed, 404 for a language
 * the school does not offer.
 */
export async function newsFeedAnswer(request: Request, format: NewsFeedFormat): Promise<Response> {
  const [site, news] = await Promise.all([feedSiteOf(request), schoolApi(currentSchool(request), requestLocale(request)).news()]);
  if (!site) return feedNotFound();
  if (!news) return feedUnavailable('news');
  const refs = [...new Set(latestNews(news).flatMap((n) => n.attachments.slice(0, 1)))];
  const facts = await Promise.all(refs.map(async (ref) => [ref, await fileFacts(ref)] as const));
  const files = new Map(facts.filter((f): f is readonly [string, FileFacts] => f[1] !== null));
  const feed = newsFeed(news, site, files, format);
  return format === 'atom' ? feedResponse(atomXml(feed), 'application/atom+xml') : feedResponse(feed.rss2(), 'application/rss+xml');
}
