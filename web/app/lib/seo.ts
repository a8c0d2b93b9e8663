import type { SchoolProfile } from '@sthsm/contract/profile';
import type { MetaDescriptor } from 'react-router';
import { FEED_PATHS, shareImageUrl } from './item-links';
import { findPage } from './site-map';

// The one `meta` of the site: title, description, canonical and Open Graph tags from the page
// table, the school of the request (root loader) and, where a page has them, its own stored
// description (`page.description`) or overrides (`seo`) in its loader data. root.tsx exports it
// for every page; a page whose loader has such data exports it too (`export const meta = pageMeta`),
// because React Router hands a route's `meta` the matches up to that route only (docs/decisions/0024).

/** What a route's loader data may carry for its head. */
export interface LeafSeo {
  /** The page's stored texts (info pages): their `description` is the page's. */
  page?: { description?: string } | null;
  /** Overrides, for pages whose title depends on their data (an album, a news item, an event). */
  seo?: {
    title?: string;
    description?: string;
    path?: string;
    /** The share-preview image: an absolute URL of a 1200×630 picture (lib/item-links.ts shareImageUrl). */
    image?: string;
    imageAlt?: string;
    /** Open Graph type: 'article' for a news item, an event or an album. */
    type?: 'article';
  };
}

/** What React Router passes a `meta` function (the part this one reads). */
export interface MetaArgsLike {
  loaderData?: unknown;
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

/** What a page's share preview shows besides title and description. */
interface ShareExtras {
  image?: string | undefined;
  imageAlt?: string | undefined;
  type?: 'article' | undefined;
  siteUrl: string;
}

/** The feeds every page advertises (<link rel="alternate">), on the school's origin. */
function alternates(siteUrl: string, siteName: string): MetaDescriptor[] {
  const of = siteName ? `${siteName}: ` : '';
  return [
    { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: `${of}News (RSS)`, href: `${siteUrl}${FEED_PATHS.rss}` },
    { tagName: 'link', rel: 'alternate', type: 'application/atom+xml', title: `${of}News (Atom)`, href: `${siteUrl}${FEED_PATHS.atom}` },
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'text/calendar',
      title: `${of}Events (iCalendar)`,
      href: `${siteUrl}${FEED_PATHS.calendar}`,
    },
  ];
}

function tags(title: string, description: string, siteName: string, canonical: string | null, extras: ShareExtras): MetaDescriptor[] {
  return [
    { title },
    { name: 'description', content: description },
    ...(canonical
      ? [
          { tagName: 'link', rel: 'canonical', href: canonical },
          { property: 'og:url', content: canonical },
        ]
      : []),
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: extras.type ?? 'website' },
    ...(siteName ? [{ property: 'og:site_name', content: siteName }] : []),
    ...(extras.image
      ? [
          { property: 'og:image', content: extras.image },
          { property: 'og:image:width', content: '1200' },
          { property: 'og:image:height', content: '630' },
          ...(extras.imageAlt ? [{ property: 'og:image:alt', content: extras.imageAlt }] : []),
          { name: 'twitter:card', content: 'summary_large_image' },
        ]
      : []),
    ...alternates(extras.siteUrl, siteName),
  ];
}

export function pageMeta({ loaderData, location, matches }: MetaArgsLike): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { siteUrl?: string; school?: SchoolProfile | null } | undefined;
  const siteUrl = root?.siteUrl ?? '';
  const school = root?.school ?? null;
  const leaf = loaderData as LeafSeo | undefined;
  const pathname = location.pathname;
  const name = school?.name ?? '';
  const withName = (title: string) => (name ? `${title} | ${name}` : title);
  const entry = findPage(pathname);
  if (!entry) {
    return [
      ...tags(withName('Page not found'), 'The page you asked for does not exist on this website.', name, null, { siteUrl }),
      { name: 'robots', content: 'noindex' },
    ];
  }
  const seo = leaf?.seo ?? {};
  const path = seo.path ?? entry.path;
  // A page without its own picture is shared with the school's share image (school settings), if any.
  const shareImage = school?.brand?.shareImage;
  const fallback = shareImage ? { image: shareImageUrl(shareImage, siteUrl), imageAlt: school.name } : {};
  if (entry.path === '/' && school) {
    // The home page is the school's own: its name, board and year in the title (what it has given of them).
    const since = school.established === undefined ? '' : ` since ${school.established}`;
    const title = school.board || since ? `${school.name}: ${school.board ? `${school.board} school` : 'school'}${since}` : school.name;
    const about = `News, events, toppers, birthdays, facilities and photos of ${school.name}.`;
    const description = school.tagline ? `${school.tagline}. ${about}` : about;
    return tags(title, description, name, `${siteUrl}/`, { siteUrl, ...fallback });
  }
  const title = entry.path === '/' ? name || entry.title : withName(seo.title ?? entry.title);
  const description = seo.description || leaf?.page?.description || entry.description;
  const extras = { siteUrl, ...(seo.image ? { image: seo.image, imageAlt: seo.imageAlt } : fallback), type: seo.type };
  return [
    ...tags(title, description, name, `${siteUrl}${path}`, extras),
    ...(entry.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}
