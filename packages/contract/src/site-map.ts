import { LANGUAGES, localePath, type Locale, type SiteLanguage } from './languages.ts';

// The ONE table of the site's pages. The route table (web/app/routes.ts), the menu, the HTML
// sitemap (/sitemap), /sitemap.xml, every page's breadcrumb and every page's <title>, description
// and canonical URL (root.tsx `meta`) are derived from it: a new page is one entry here plus its
// route module. Paths are written as SPEC §2 spells them; matching is case-insensitive.

export type MenuGroup = 'Home' | 'About' | 'Academics' | 'Admission' | 'Student Corner' | 'Facilities' | 'Gallery' | 'Contact Us' | 'More';

export interface Crumb {
  label: string;
  to?: string;
}

export interface SitePage {
  path: string;
  /** Its route module: web/app/routes/{module}.tsx. */
  module: string;
  title: string;
  group: MenuGroup;
  description: string;
  /** false: reachable (and tested) but not a menu, sitemap or sitemap.xml entry. */
  listed: boolean;
  /** The breadcrumb's middle step: by default the menu group (no link); null for none. */
  crumb?: Crumb | null;
  /** Kept out of search engines (robots noindex). */
  noindex?: boolean;
}

/** Menu groups in the order the header shows them (SPEC §2 "Header and menu"). */
export const MENU_GROUPS = ['About', 'Academics', 'Admission', 'Student Corner', 'Facilities', 'Gallery', 'Contact Us'] as const;

const page = (
  path: string,
  module: string,
  title: string,
  group: MenuGroup,
  description: string,
  more: Partial<SitePage> = {},
): SitePage => ({
  path,
  module,
  title,
  group,
  description,
  listed: true,
  ...more,
});
const ABOUT: Crumb = { label: 'About', to: '/about-us' };
const SUBSCRIBE: Crumb = { label: 'Subscribe to News', to: '/subscribe' };
const PRIVACY: Crumb = { label: 'Privacy Notice', to: '/privacy' };

export const SITE_PAGES: readonly SitePage[] = [
  page('/', 'home', 'Home', 'Home', 'News, events, toppers, galleries and announcements of the school.'),
  page('/about-us', 'about-us', 'About Us', 'About', 'The history, vision and campus of the school.'),
  page('/patrons', 'patrons', 'Our Patrons', 'About', 'The patrons and management who guide the school.'),
  page('/principal-message', 'principal-message', "Principal's Message", 'About', 'A message from the Principal to students and parents.'),
  page(
    '/school-information',
    'school-information',
    'School Information',
    'About',
    'Affiliation, board, contacts, session and vacation: the school at a glance.',
  ),
  page('/syllabus', 'syllabus', 'Syllabus', 'Academics', 'Syllabus PDFs for Nursery to LKG, Classes I to IV and Classes V to XII.'),
  page('/timings', 'timings', 'School Timings', 'Academics', 'Summer and winter school hours, principal visiting hours and office hours.'),
  page(
    '/Toppers',
    'toppers-x',
    'Toppers Class X (ICSE)',
    'Academics',
    'Class X (ICSE) toppers by session, with their streams and percentages.',
  ),
  page(
    '/ToppersXII',
    'toppers-xii',
    'Toppers Class XII (ISC)',
    'Academics',
    'Class XII (ISC) toppers by session, with their streams and percentages.',
  ),
  page('/news', 'news', 'News', 'Academics', 'School news and circulars, newest first: filter by year and month or search by title.'),
  page('/Events', 'events', 'Events', 'Academics', 'School events with date, venue and time: filter by year and month or search by title.'),
  // One news item's and one event's own page: what a share, a feed and a calendar entry link to (decision 0105).
  page('/news/item', 'news-item', 'News item', 'Academics', 'A news item or circular of the school.', {
    listed: false,
    crumb: { label: 'News', to: '/news' },
  }),
  page('/Events/item', 'event', 'Event', 'Academics', 'A school event: its date, time and venue, to add to a calendar.', {
    listed: false,
    crumb: { label: 'Events', to: '/Events' },
  }),
  page(
    '/admission-withdrawal',
    'admission-withdrawal',
    'Admission & Withdrawal',
    'Admission',
    'Admission rules from Nursery to Class XI, and the rules for withdrawal.',
  ),
  page(
    '/alumni',
    'alumni',
    'Alumni Registration',
    'Admission',
    'Former students: register as alumni and stay in touch with your school, your batch and your teachers.',
  ),
  page(
    '/primary-wing',
    'primary-wing',
    'Primary Wing',
    'Student Corner',
    'Month-by-month activities and sports of the primary wing for 2024-25.',
  ),
  page(
    '/activities',
    'activities',
    'Activities',
    'Student Corner',
    'Co-curricular activities: parliament, assembly, art and craft, clubs.',
  ),
  page('/clubs-association', 'clubs-association', 'Clubs & Association', 'Student Corner', 'The eleven student clubs of the school.'),
  page('/house', 'house', 'School Houses', 'Student Corner', 'The four school houses, their colours and mottos.'),
  page('/laboratory', 'laboratory', 'Laboratory', 'Facilities', 'The Physics, Chemistry and Biology laboratories in pictures.'),
  page('/computer-lab', 'computer-lab', 'Computer Lab', 'Facilities', 'The computer laboratory in pictures.'),
  page('/library', 'library', 'Library', 'Facilities', 'The school library in pictures.'),
  page('/erp-software', 'erp-software', 'ERP Software', 'Facilities', "The school's ERP and its mobile app for parents."),
  page(
    '/parent-portal',
    'parent-portal',
    'Parent Portal',
    'Facilities',
    'How to pay fees online on the web and in the app, and the parent help desk.',
  ),
  page(
    '/gallery',
    'gallery',
    'Photo Gallery',
    'Gallery',
    'Photo albums of school events, newest first: filter by year and month or search by title.',
  ),
  page('/SubGallery', 'sub-gallery', 'Album', 'Gallery', 'A photo album of the school gallery.', {
    listed: false,
    crumb: { label: 'Photo Gallery', to: '/gallery' },
  }),
  page(
    '/VideoGallery',
    'video-gallery',
    'Video Gallery',
    'Gallery',
    'Videos of school events and programmes: filter by year or search by title.',
  ),
  page('/contactUs', 'contact-us', 'Contact Us', 'Contact Us', 'Address, telephone, WhatsApp, e-mail, map and social links of the school.'),
  page('/careers', 'careers', 'Careers', 'More', 'Teaching and staff posts at the school: how to apply by e-mail and what to send.', {
    crumb: ABOUT,
  }),
  page(
    '/accessibility',
    'accessibility',
    'Accessibility Statement',
    'More',
    'How accessible this website is, how we test it, its known limitations and how to report a problem.',
    { crumb: ABOUT },
  ),
  page(
    '/privacy',
    'privacy',
    'Privacy Notice',
    'More',
    'What the school website collects, why, how long it is kept and how to ask for your data or its erasure.',
    { crumb: ABOUT },
  ),
  // A person asks for their data, its correction or its erasure (issue 37): linked from /privacy;
  // the confirm link of its e-mail is personal, never listed or indexed.
  page(
    '/privacy/request',
    'privacy-request',
    'Ask for Your Data',
    'More',
    'Ask the school for a copy of your data or your child’s, its correction or its erasure.',
    {
      listed: false,
      crumb: PRIVACY,
      noindex: true,
    },
  ),
  page('/privacy/request/confirm', 'privacy-request-confirm', 'Confirm Your Request', 'More', 'Confirm your request about your data.', {
    listed: false,
    crumb: PRIVACY,
    noindex: true,
  }),
  // Parents hear from the school by e-mail or notification; the links of its e-mails are personal, never listed or indexed.
  page(
    '/subscribe',
    'subscribe',
    'Subscribe to News',
    'More',
    'Get the school’s notices, events, news and results by e-mail or as notifications in this browser.',
    { crumb: null },
  ),
  page('/subscribe/confirm', 'subscribe-confirm', 'Confirm Your Subscription', 'More', 'Confirm your e-mail subscription.', {
    listed: false,
    crumb: SUBSCRIBE,
    noindex: true,
  }),
  page('/subscribe/manage', 'subscribe-manage', 'Manage Your Subscription', 'More', 'Change or stop your e-mail subscription.', {
    listed: false,
    crumb: SUBSCRIBE,
    noindex: true,
  }),
  // A guardian's consent link (issue 37, docs/decisions/0151): personal to its link, never listed or indexed.
  page('/consent/:token', 'consent', 'Consent for Your Child', 'More', 'Answer the school’s request for your consent, or withdraw it.', {
    listed: false,
    crumb: null,
    noindex: true,
  }),
  page('/sitemap', 'sitemap', 'Sitemap', 'More', 'Every page of the school website, grouped like the menu.', { crumb: null }),
  // Results change with every query: reached from the header's search box, never listed or indexed.
  page('/search', 'search', 'Search', 'More', 'Search the school website: news, events, notices, albums, videos, toppers and pages.', {
    listed: false,
    crumb: null,
    noindex: true,
  }),
  // SPEC §8: where a failed album load sends the visitor.
  page('/error', 'error', 'Something went wrong', 'More', 'The page you asked for could not be shown.', {
    listed: false,
    crumb: null,
    noindex: true,
  }),
];

/**
 * The page table for a school: its information pages nobody has published (their route modules) are
 * not listed (decision 0134: not in the menu, the HTML sitemap or /sitemap.xml; their address answers 404).
 */
export function publicPages(unpublished: readonly string[], pages: readonly SitePage[] = SITE_PAGES): readonly SitePage[] {
  return unpublished.length ? pages.map((p) => (unpublished.includes(p.module) ? { ...p, listed: false } : p)) : pages;
}

/** Whether a page's path (its `:name` segments match any one segment) is `key`. */
function pathMatches(path: string, key: string): boolean {
  const want = path.toLowerCase();
  if (want === key) return true;
  if (!want.includes('/:')) return false;
  const parts = want.split('/');
  const got = key.split('/');
  return parts.length === got.length && parts.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]));
}

/** The page of a path, matched case-insensitively and ignoring a trailing slash. */
export function findPage(pathname: string, pages: readonly SitePage[] = SITE_PAGES): SitePage | undefined {
  const key = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return pages.find((p) => pathMatches(p.path, key));
}

/** The listed pages of a menu group, in table order. */
export function pagesOf(group: MenuGroup, pages: readonly SitePage[] = SITE_PAGES): SitePage[] {
  return pages.filter((p) => p.group === group && p.listed);
}

/** The breadcrumb of a page: Home | its section (when it has one) | its title (SPEC §2). */
export function breadcrumbOf(entry: SitePage): { title: string; section: Crumb | undefined } {
  const section = entry.crumb === null ? undefined : (entry.crumb ?? { label: entry.group });
  return { title: entry.title, section };
}

const q = (id: string) => encodeURIComponent(id);

/** A news item's own page. */
export const newsItemPath = (id: string) => `/news/item?id=${q(id)}`;
/** An event's own page. */
export const eventPath = (id: string) => `/Events/item?id=${q(id)}`;
/** An album's page (SPEC §2). */
export const albumPath = (id: string) => `/SubGallery?id=${q(id)}`;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A URL of /sitemap.xml besides the page table's: a news item, an event, an album. */
export interface SitemapEntry {
  path: string;
  /** The content's own last change, YYYY-MM-DD or a full ISO time. */
  lastmod?: string | undefined;
}

/** A page's address in each language offered (English first), each with every other as an hreflang alternate. */
function urlLines(origin: string, path: string, lastmod: string | undefined, languages: readonly SiteLanguage[]): string[] {
  const mod = lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : '';
  const loc = (l: Locale) => escapeXml(`${origin}${localePath(l, path)}`);
  if (languages.length === 0) return [`  <url><loc>${loc('en')}</loc>${mod}</url>`];
  const all: Locale[] = ['en', ...languages];
  const alternates = [
    ...all.map((l) => `<xhtml:link rel="alternate" hreflang="${LANGUAGES[l].tag}" href="${loc(l)}"/>`),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${loc('en')}"/>`,
  ].join('');
  return all.map((l) => `  <url><loc>${loc(l)}</loc>${mod}${alternates}</url>`);
}

/**
 * /sitemap.xml for `origin`: every listed page, with absolute URLs, then `items` (news items, events,
 * albums); `lastmod` gives a page's last content change where one is known (a listing's: its newest
 * item's). A school that offers `languages` beside English (issue 35) has each address once per
 * language, each naming the others (xhtml:link hreflang, as search engines read it).
 */
export function sitemapXml(
  origin: string,
  pages: readonly SitePage[] = SITE_PAGES,
  items: readonly SitemapEntry[] = [],
  lastmod: Readonly<Record<string, string | undefined>> = {},
  languages: readonly SiteLanguage[] = [],
): string {
  const urls = [
    ...pages.filter((p) => p.listed).flatMap((p) => urlLines(origin, p.path, lastmod[p.path], languages)),
    ...items.flatMap((item) => urlLines(origin, item.path, item.lastmod, languages)),
  ].join('\n');
  const xhtml = languages.length ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>\n${urls}\n</urlset>\n`;
}
