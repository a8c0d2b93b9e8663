import type { PageSlug } from '@sthsm/contract/pages';
import { loadPage } from './school-data.server';
import { currentSchool } from './school.server';

/**
 * The loader of an information page: its stored content for the request's school (null when it
 * could not be loaded; the page then says so). `export const loader = infoPageLoader('about-us');`
 */
export function infoPageLoader<S extends PageSlug>(slug: S) {
  return async ({ request }: { request: Request }) => ({ page: await loadPage(currentSchool(request), slug) });
}
