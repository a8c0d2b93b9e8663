import type { MetaDescriptor } from 'react-router';

export interface PageSeo {
  title: string;
  description: string;
  /** The page's path, e.g. "/news"; the canonical URL is SITE_URL + path. */
  path: string;
}

/** The site's public origin for canonical and Open Graph URLs (root loader data `siteUrl`). */
export function siteUrlFrom(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? '';
}

export function pageMeta(seo: PageSeo, siteUrl: string, schoolName: string): MetaDescriptor[] {
  const canonical = `${siteUrl}${seo.path}`;
  const fullTitle = seo.path === '/' ? seo.title : `${seo.title} | ${schoolName}`;
  return [
    { title: fullTitle },
    { name: 'description', content: seo.description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: canonical },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: schoolName },
  ];
}
