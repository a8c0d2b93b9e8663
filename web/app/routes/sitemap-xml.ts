import type { Route } from './+types/sitemap-xml';
import { currentSchool, siteUrlFor } from '../lib/school.server';
import { schoolSitemap } from '../lib/sitemap.server';

/** /sitemap.xml: every listed page, news item, event and album, on the origin of the request's school. */
export async function loader({ request }: Route.LoaderArgs) {
  const code = currentSchool(request);
  return new Response(await schoolSitemap(code, siteUrlFor(request, code)), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
