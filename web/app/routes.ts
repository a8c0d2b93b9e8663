import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes';
import { SITE_LANGUAGES, type SiteLanguage } from '@sthsm/contract/languages';
import { SITE_PAGES, type SitePage } from './lib/site-map';

// The routes are the page table's (lib/site-map.ts: every screen of SPEC §2, in its order), plus
// the catch-all and the plain-text answers. Matching is case-insensitive (React Router's default),
// so /Events and /events, /toppers and /Toppers are the same page.

/**
 * The routes of the page table (exported for the test that adds a page to it); under a language's
 * prefix (`language`), each route's id names the language too (the same module serves every language).
 */
export function pageRoutes(pages: readonly SitePage[], language?: SiteLanguage) {
  return pages.map((p) => {
    const file = `routes/${p.module}.tsx`;
    const options = { id: language ? `${language}/${p.module}` : `routes/${p.module}` };
    return p.path === '/' ? index(file, options) : route(p.path.slice(1), file, options);
  });
}

/**
 * The same pages in each language a school can offer (issue 35): /hi, /hi/news, /bn/Events… The
 * site's layout answers 404 for a language the school does not offer (routes/site-layout.tsx).
 */
function languageRoutes() {
  return SITE_LANGUAGES.flatMap((language) =>
    prefix(language, [...pageRoutes(SITE_PAGES, language), route('*', 'routes/not-found.tsx', { id: `${language}/not-found` })]),
  );
}

export default [
  // The staff area (STAFF.md "Where things are"): its own layout, styles and chunks, before the public catch-all.
  ...prefix('admin', [
    layout('routes/admin/layout.tsx', [
      route('login', 'routes/admin/login.tsx'),
      route('setup/:token', 'routes/admin/setup.tsx'),
      route('set-password/:token', 'routes/admin/set-password.tsx'),
      route('reset-password', 'routes/admin/reset-password.tsx'),
      route('sign-out', 'routes/admin/sign-out.tsx'),
      route('audit.csv', 'routes/admin/audit-csv.ts'),
      route('submissions.csv', 'routes/admin/submissions-csv.ts'),
      route('person/export', 'routes/admin/person-export.ts'),
      route('requests/:id/export', 'routes/admin/request-export.ts'),
      // Signed in: redirects to /admin/login (and back) otherwise.
      layout('routes/admin/signed-in.tsx', [
        index('routes/admin/dashboard.tsx'),
        route('staff', 'routes/admin/staff.tsx'),
        // Platform operators only (issue 31): every school of this server.
        route('schools', 'routes/admin/schools.tsx'),
        route('settings', 'routes/admin/settings.tsx'),
        // The school's own wording of the public site's messages (docs/staff.md): administrators only.
        route('words', 'routes/admin/words.tsx'),
        route('audit', 'routes/admin/audit.tsx'),
        route('submissions', 'routes/admin/submissions.tsx'),
        route('submissions/:id', 'routes/admin/submission.tsx'),
        route('person', 'routes/admin/person.tsx'),
        // People's requests about their data (issue 37): administrators only.
        route('requests', 'routes/admin/requests.tsx'),
        route('requests/:id', 'routes/admin/request.tsx'),
        // The personal-data breach register (issue 37): administrators only.
        route('breaches', 'routes/admin/breaches.tsx'),
        route('breaches/new', 'routes/admin/breach-new.tsx'),
        route('breaches/:id', 'routes/admin/breach.tsx'),
        route('children', 'routes/admin/children.tsx'),
        route('children/:id', 'routes/admin/child.tsx'),
        route('account', 'routes/admin/account.tsx'),
        route('pages', 'routes/admin/pages.tsx'),
        route('pages/:slug', 'routes/admin/page.tsx'),
        // The syllabus PDFs (STAFF.md: /admin/syllabus): the syllabus page's form, its files chosen from the library.
        route('syllabus', 'routes/admin/page.tsx', { id: 'routes/admin/syllabus' }),
        route('media', 'routes/admin/media.tsx'),
        route('media/:id', 'routes/admin/media-item.tsx'),
        // Results day: toppers pasted from a spreadsheet (before the item form, whose :id would take "paste").
        route('toppers/paste', 'routes/admin/toppers-paste.tsx'),
        route('import', 'routes/admin/import.tsx'),
        // Emergency alerts (issue 34): administrators and editors.
        route('alerts', 'routes/admin/alerts.tsx'),
        // Every content type's list and item form (lib/staff/admin-content.ts; any other word is a 404).
        route(':type', 'routes/admin/content.tsx'),
        route(':type/:id', 'routes/admin/content-item.tsx'),
        // An item's version in another language, translated side by side (issue 35).
        route(':type/:id/translations/:lang', 'routes/admin/content-translation.tsx'),
        route('*', 'routes/admin/not-found.tsx'),
      ]),
    ]),
  ]),
  // The public site: header, announcements and footer around every page (routes/site-layout.tsx).
  layout('routes/site-layout.tsx', [
    ...pageRoutes(SITE_PAGES),
    ...languageRoutes(),
    // A draft through its signed preview link (never cached or indexed).
    route('preview/:token', 'routes/preview.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  // Plain-text answers without the page shell.
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  route('robots.txt', 'routes/robots-txt.ts'),
  // The school's own web app manifest: its name, colour and crest's icons.
  route('manifest.webmanifest', 'routes/manifest.ts'),
  // The service worker of the school's notifications (/subscribe): no fetch handler, no caches.
  route('sw.js', 'routes/service-worker.ts'),
  // Feeds and calendars (docs/api.md "Feeds, calendars and share previews").
  route('news.rss', 'routes/feeds/news-rss.ts'),
  route('news.atom', 'routes/feeds/news-atom.ts'),
  route('events.ics', 'routes/feeds/events-ics.ts'),
  route('events/:file', 'routes/feeds/event-ics.ts'),
  // The same feeds in each language (/hi/news.rss…): their titles, and the pages they link to, in it.
  ...SITE_LANGUAGES.flatMap((language) =>
    prefix(language, [
      route('news.rss', 'routes/feeds/news-rss.ts', { id: `${language}/news-rss` }),
      route('news.atom', 'routes/feeds/news-atom.ts', { id: `${language}/news-atom` }),
      route('events.ics', 'routes/feeds/events-ics.ts', { id: `${language}/events-ics` }),
      route('events/:file', 'routes/feeds/event-ics.ts', { id: `${language}/event-ics` }),
    ]),
  ),
] satisfies RouteConfig;
