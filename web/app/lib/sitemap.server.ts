import { PHOTO_GALLERY } from '@sthsm/contract/images';
import { schoolApi } from './api.server';
import { changedAt } from './feeds.server';
import { albumPath, eventPath, newsItemPath } from './item-links';
import { publicPages, sitemapXml, type SitemapEntry } from './site-map';
import { loadPublishedPages, loadSchoolProfile, unpublishedPages } from './school-data.server';
import { catalogueOf } from '../i18n/catalogues.server';

// /sitemap.xml of one school: the page table's listed pages (its published information pages with their last save), then every news item, event and album
// on its own page, each with `lastmod` from the content's own update time (`updatedAt` when the
// server sends it, else the item's date; an album's `updatedOn`). Lists the API could not give are
// left out, not emptied: the pages are still listed.

interface Dated {
  _id: string;
  date?: string | null | undefined;
  updatedAt?: string | null | undefined;
  updatedOn?: string | null | undefined;
}

/** A W3C datetime for lastmod: the day when the time is midnight UTC, else the full time. */
function lastmodOf(item: Dated): string | undefined {
  const at = changedAt({ date: item.date, updatedAt: item.updatedAt ?? item.updatedOn });
  if (!at) return undefined;
  const iso = at.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace(/\.\d{3}Z$/, 'Z');
}

function newest(entries: readonly SitemapEntry[]): string | undefined {
  return entries
    .map((e) => e.lastmod)
    .reduce<string | undefined>((a, b) => (b && (!a || Date.parse(b) > Date.parse(a)) ? b : a), undefined);
}

const entries = (records: readonly Dated[] | null, path: (id: string) => string): SitemapEntry[] =>
  (records ?? []).map((r) => ({ path: path(r._id), lastmod: lastmodOf(r) }));

export async function schoolSitemap(code: string, origin: string): Promise<string> {
  const api = schoolApi(code);
  const [news, events, albums, published, school] = await Promise.all([
    api.news(),
    api.allEvents(),
    api.allGallery(),
    loadPublishedPages(code),
    loadSchoolProfile(code),
  ]);
  // Each address in every language the school offers and has the words for (issue 35).
  const languages = (school?.languages ?? []).filter((l) => catalogueOf(l) !== null);
  // The information pages the school has not published are left out (decision 0134); those it has carry their last save.
  const pages = publicPages(unpublishedPages(published));
  const pageDates = Object.fromEntries(
    pages.flatMap((p) => (published?.[p.module] ? [[p.path, lastmodOf({ _id: p.module, updatedAt: published[p.module] })]] : [])),
  );
  const newsEntries = entries(news, newsItemPath);
  const eventEntries = entries(events, eventPath);
  const albumEntries = entries(albums && albums.filter((a) => a.category === PHOTO_GALLERY), albumPath);
  return sitemapXml(
    origin,
    pages,
    [...newsEntries, ...eventEntries, ...albumEntries],
    {
      ...pageDates,
      '/news': newest(newsEntries),
      '/Events': newest(eventEntries),
      '/gallery': newest(albumEntries),
    },
    languages,
  );
}
