/**
 * A link's path on this site, or null when it leads elsewhere. Site paths ("/events") and absolute
 * URLs on the site's own origin are internal: they open in the same tab, as a visitor expects of a
 * page of the same site; other sites open in a new tab.
 */
export function internalPath(url: string, siteUrl: string): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const target = new URL(url);
    const site = siteUrl ? new URL(siteUrl) : null;
    return site && target.origin === site.origin ? `${target.pathname}${target.search}${target.hash}` : null;
  } catch {
    return null;
  }
}
