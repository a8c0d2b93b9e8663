import type { PageSlug } from '@sthsm/contract/pages';
import { data } from 'react-router';
import { i18nFor } from '../i18n/i18n.server';
import { fetchPage } from './school-data.server';
import { currentSchool } from './school.server';

/** The loader data of a page the school has not published: it is answered as not found (decision 0134), titled in the page's language. */
export async function notPublished(request: Request) {
  return { page: null, notPublished: true, seo: { title: (await i18nFor(request)).t('shell.notFoundTitle') } } as const;
}

/**
 * The loader of an information page: its stored content for the request's school (null when it
 * could not be loaded; the page then says so), or a 404 when the school has not published it.
 * `export const loader = infoPageLoader('about-us');`
 */
export function infoPageLoader<S extends PageSlug>(slug: S) {
  return async ({ request }: { request: Request }) => {
    const { content, published } = await fetchPage(currentSchool(request), slug);
    if (!published) return data({ ...(await notPublished(request)), page: content }, { status: 404 });
    return data({ page: content, notPublished: false });
  };
}
