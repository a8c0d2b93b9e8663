import type { MetaDescriptor } from 'react-router';
import type { RootData } from '../root-data';

/** A staff page's title ("Sign in · Staff area · School") and a request that search engines skip it. */
export function adminMeta(title: string, matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
  const school = root?.school?.name ?? 'School';
  return [{ title: `${title} · Staff area · ${school}` }, { name: 'robots', content: 'noindex, nofollow' }];
}
