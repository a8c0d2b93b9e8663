import { SITE_PAGES } from '../site-map';

/** An information page's name and public address (the page table's), by its slug. */
export function pageTitle(slug: string): string {
  return SITE_PAGES.find((p) => p.module === slug)?.title ?? slug;
}
export function pagePath(slug: string): string {
  return SITE_PAGES.find((p) => p.module === slug)?.path ?? `/${slug}`;
}
