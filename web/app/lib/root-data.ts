import type { Locale } from '@sthsm/contract/languages';
import type { SchoolProfile } from '@sthsm/contract/profile';
import type { Messages } from '../i18n/catalogue';
import { useRouteLoaderData } from 'react-router';

/** The root loader's data: the public origin and the school of the request (null when it could not be loaded). */
export interface RootData {
  siteUrl: string;
  /** The request's school code (api/src/site.ts resolved it from the host name). */
  code: string;
  school: SchoolProfile | null;
  /** The page's language (issue 35): English unless the address asks for one the school offers. */
  locale: Locale;
  /**
   * That language's catalogue with the school's corrections; for English the corrections alone
   * (the browser bundle has the rest), null when there are none.
   */
  messages: Messages | null;
}

const EMPTY: RootData = { siteUrl: '', code: '', school: null, locale: 'en', messages: null };

/** The root loader's data from any component of any route. */
export function useRootData(): RootData {
  return (useRouteLoaderData('root') as RootData | undefined) ?? EMPTY;
}
