import type { Route } from './+types/robots-txt';
import { siteUrlFor } from '../lib/school.server';

export function loader({ request }: Route.LoaderArgs) {
  const body = `User-agent: *\nAllow: /\nDisallow: /error\n\nSitemap: ${siteUrlFor(request)}/sitemap.xml\n`;
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
}
