import { useMemo } from 'react';
import { useRouteLoaderData } from 'react-router';
import { publicPages, type SitePage } from './site-map';

/** What the public layout's loader (routes/site-layout.tsx) tells every page about the school's pages. */
export interface SitePagesData {
  /** The route modules of the information pages this school has not published (decision 0134). */
  unpublished: string[];
  /** The kinds of content the school has started (GET /api/sections/{code}); null: not known. */
  started: string[] | null;
}

const layoutData = () => useRouteLoaderData('routes/site-layout') as SitePagesData | undefined;

/**
 * Whether a section of a kind of content shows (decision 0134): it has something to show, or the
 * school has started that kind (then SPEC §8's placeholder stands for "nothing now"), or that is not known.
 * A new school's home page thus shows no empty sections.
 */
export function useShowsSection(): (type: string, count: number) => boolean {
  const started = layoutData()?.started;
  return (type, count) => count > 0 || !started || started.includes(type);
}

/** The page table as this school's menu, HTML sitemap and footer list it: unpublished pages left out. */
export function useSitePages(): readonly SitePage[] {
  const unpublished = layoutData()?.unpublished;
  return useMemo(() => publicPages(unpublished ?? []), [unpublished]);
}

/** Whether a path of the page table is listed for this school (a link to an unpublished page would be a 404). */
export function useIsListed(): (path: string) => boolean {
  const pages = useSitePages();
  return (path) => pages.find((p) => p.path.toLowerCase() === path.toLowerCase())?.listed ?? true;
}
