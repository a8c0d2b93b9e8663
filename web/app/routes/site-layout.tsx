import { useEffect, useRef } from 'react';
import { data, Outlet, useLocation } from 'react-router';
import type { Route } from './+types/site-layout';
import { JsonLd } from '../components/json-ld';
import { Announcements } from '../components/shell/announcements';
import { SiteFooter } from '../components/shell/site-footer';
import { SiteHeader } from '../components/shell/site-header';
import { schoolApi, requestLocale } from '../lib/api.server';
import { useRootData } from '../lib/root-data';
import { schoolJsonLd } from '../lib/school-jsonld';
import { currentSchool } from '../lib/school.server';
import { loadAlerts, loadPublishedPages, loadSchoolProfile, loadStartedSections, unpublishedPages } from '../lib/school-data.server';
import { localeOf } from '../i18n/locale.server';
import { localeOfPath } from '@sthsm/contract/languages';
import { EmergencyBanner } from '../components/shell/emergency-banner';
import { useShowsSection, type SitePagesData } from '../lib/site-pages';

/**
 * The public site's shell data: the announcements of the ticker, the information pages the school has
 * not published (the menu, the sitemap and the footer leave them out), and the kinds of content it
 * has started (the home page hides the others' sections). The school comes from the root.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const code = currentSchool(request);
  // An address in a language the school does not offer (/ta/news on a school without Tamil) is no page.
  if (localeOfPath(new URL(request.url).pathname) !== 'en' && !localeOf(request, await loadSchoolProfile(code)).offered) {
    throw data(null, { status: 404 });
  }
  const [highlights, published, started, alerts] = await Promise.all([
    schoolApi(code, requestLocale(request)).highlights(),
    loadPublishedPages(code),
    loadStartedSections(code),
    loadAlerts(code),
  ]);
  // Not known (the API failed and nothing was kept): every page stays listed, as before.
  return { highlights, unpublished: unpublishedPages(published), started, alerts } satisfies SitePagesData & {
    highlights: unknown;
    alerts: unknown;
  };
}

/**
 * After a client-side move to another page, focus goes to the main content (as a full page load
 * would start there via the skip link), so keyboard and screen-reader users are not left on a
 * link that no longer exists. Filter changes on the same page keep focus where it is.
 */
function useFocusMainOnNavigation(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

/** An emergency alert (when there is one), header, announcements and footer around every public page. */
export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { school, code, siteUrl } = useRootData();
  const shows = useShowsSection();
  useFocusMainOnNavigation();
  return (
    <>
      <EmergencyBanner alerts={loaderData.alerts} />
      <SiteHeader school={school} code={code} />
      {/* A school that never had an announcement has no strip (decision 0134); SPEC §8's words for one that has none now. */}
      {shows('announcements', loaderData.highlights?.length ?? 0) ? <Announcements highlights={loaderData.highlights} /> : null}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter school={school} code={code} />
      {school ? <JsonLd data={schoolJsonLd(school, siteUrl, code)} /> : null}
    </>
  );
}
