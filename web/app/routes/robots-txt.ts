import { siteUrl } from '../lib/site.server';

export function loader() {
  const body = `User-agent: *\nAllow: /\nDisallow: /error\n\nSitemap: ${siteUrl()}/sitemap.xml\n`;
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
}
