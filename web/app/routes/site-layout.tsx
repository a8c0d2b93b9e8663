import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import type { Route } from './+types/site-layout';
import { JsonLd } from '../components/json-ld';
import { Announcements } from '../components/shell/announcements';
import { SiteFooter } from '../components/shell/site-footer';
import { SiteHeader } from '../components/shell/site-header';
import { schoolApi } from '../lib/api.server';
import { useRootData } from '../lib/root-data';
import { schoolJsonLd } from '../lib/school-jsonld';
import { currentSchool } from '../lib/school.server';

/** The public site's shell data: the announcements of the ticker (the school comes from the root). */
export async function loader({ request }: Route.LoaderArgs) {
  return { highlights: await schoolApi(currentSchool(request)).highlights() };
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

/** Header, announcements and footer around every public page. */
export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { school, code, siteUrl } = useRootData();
  useFocusMainOnNavigation();
  return (
    <>
      <SiteHeader school={school} code={code} />
      <Announcements highlights={loaderData.highlights} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter school={school} code={code} />
      {school ? <JsonLd data={schoolJsonLd(school, siteUrl)} /> : null}
    </>
  );
}
