import type { SchoolProfile } from '@sthsm/contract/profile';
import type { MetaDescriptor } from 'react-router';
import { FEED_PATHS, shareImageUrl } from './item-links';
import { findPage } from './site-map';
import { LANGUAGES, localePath, pathWithoutLocale, type Locale } from '@sthsm/contract/languages';
import type { Messages } from '../i18n/catalogue';
import { i18nOf, localizedPath, type Translate } from '../i18n/i18n';
import { pageDescription, pageTitle } from '../i18n/pages';

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
function alternates(siteUrl: string, siteName: string, t: Translate, locale: Locale): MetaDescriptor[] {
  const of = siteName ? `${siteName}: ` : '';
  // The page's language's feeds (/hi/news.rss: Hindi titles, links to Hindi pages).
  const feed = (path: string) => `${siteUrl}${localePath(locale, path)}`;
  return [
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/rss+xml',
      title: `${of}${t('shell.feedNews')}`,
      href: feed(FEED_PATHS.rss),
    },
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/atom+xml',
      title: `${of}${t('shell.feedAtom')}`,
      href: feed(FEED_PATHS.atom),
    },
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'text/calendar',
      title: `${of}${t('shell.feedEvents')}`,
      href: feed(FEED_PATHS.calendar),
    },
  ];
}

/**
 * The same page in each language the school offers (issue 35): one <link rel="alternate"
 * hreflang> per language, English as the x-default. None for a school in English alone.
 */
function languageAlternates(siteUrl: string, path: string, offered: readonly Locale[]): MetaDescriptor[] {
  if (offered.length === 0) return [];
  const locales: Locale[] = ['en', ...offered];
  return [
    ...locales.map((l) => ({ tagName: 'link', rel: 'alternate', hrefLang: LANGUAGES[l].tag, href: `${siteUrl}${localizedPath(l, path)}` })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: `${siteUrl}${path}` },
  ];
}

function tags(
  title: string,
  description: string,
  siteName: string,
  canonical: string | null,
  extras: ShareExtras & { t: Translate; locale: Locale },
): MetaDescriptor[] {
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
    ...alternates(extras.siteUrl, siteName, extras.t, extras.locale),
  ];
}

export function pageMeta({ loaderData, location, matches }: MetaArgsLike): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as
    { siteUrl?: string; school?: SchoolProfile | null; locale?: Locale; messages?: Messages | null } | undefined;
  const siteUrl = root?.siteUrl ?? '';
  const school = root?.school ?? null;
  const locale = root?.locale ?? 'en';
  const { t } = i18nOf(locale, root?.messages ?? null);
  const leaf = loaderData as LeafSeo | undefined;
  const name = school?.name ?? '';
  const withName = (title: string) => (name ? `${title} | ${name}` : title);
  const entry = findPage(pathWithoutLocale(location.pathname));
  if (!entry) {
    return [
      ...tags(withName(t('shell.notFoundTitle')), t('shell.notFoundDescription'), name, null, { siteUrl, t, locale }),
      { name: 'robots', content: 'noindex' },
    ];
  }
  const offered = school?.languages ?? [];
  const here = (path: string) => `${siteUrl}${localizedPath(locale, path)}`;
  const seo = leaf?.seo ?? {};
  const path = seo.path ?? entry.path;
  // A page without its own picture is shared with the school's share image (school settings), if any.
  const shareImage = school?.brand?.shareImage;
  const fallback = shareImage ? { image: shareImageUrl(shareImage, siteUrl), imageAlt: school.name } : {};
  if (entry.path === '/' && school) {
    // The home page is the school's own: its name, board and year in the title (what it has given of them).
    const values = { school: school.name, board: school.board ?? '', year: String(school.established ?? '') };
    const since = school.established !== undefined;
    const title = school.board
      ? t(since ? 'shell.homeTitle' : 'shell.homeTitleBoard', values)
      : since
        ? t('shell.homeTitleSince', values)
        : school.name;
    const about = t('shell.homeAbout', values);
    const description = school.tagline ? `${school.tagline}. ${about}` : about;
    return [
      ...tags(title, description, name, here('/'), { siteUrl, t, locale, ...fallback }),
      ...languageAlternates(siteUrl, '/', offered),
    ];
  }
  const entryTitle = pageTitle(t, entry);
  const title = entry.path === '/' ? name || entryTitle : withName(seo.title ?? entryTitle);
  const description = seo.description || leaf?.page?.description || pageDescription(t, entry);
  const extras = { siteUrl, t, locale, ...(seo.image ? { image: seo.image, imageAlt: seo.imageAlt } : fallback), type: seo.type };
  return [
    ...tags(title, description, name, here(path), extras),
    ...(entry.noindex ? [] : languageAlternates(siteUrl, path, offered)),
    ...(entry.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}
