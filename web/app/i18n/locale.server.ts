import type { SchoolProfile } from '@sthsm/contract/profile';
import { localeOfPath, type Locale } from '@sthsm/contract/languages';
import { catalogueOf } from './catalogues.server';

/**
 * The language of a request's page: the address's language prefix when the school offers that
 * language and its catalogue is written, else English. `offered` is false when the address asks
 * for a language the school does not offer (its pages there are a 404).
 */
export function localeOf(request: Request, school: SchoolProfile | null): { locale: Locale; offered: boolean } {
  const asked = localeOfPath(new URL(request.url).pathname);
  if (asked === 'en') return { locale: 'en', offered: true };
  const offered = Boolean(school?.languages?.includes(asked) && catalogueOf(asked));
  return { locale: offered ? asked : 'en', offered };
}
