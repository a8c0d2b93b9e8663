import { SITE_PAGES } from '../lib/site-map';
import { siteUrl } from '../lib/site.server';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** /sitemap.xml: every listed page of the site map, with absolute URLs. */
export function loader() {
  const origin = siteUrl();
  const urls = SITE_PAGES.filter((p) => p.listed)
    .map((p) => `  <url><loc>${escapeXml(`${origin}${p.path}`)}</loc></url>`)
    .join('\n');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
