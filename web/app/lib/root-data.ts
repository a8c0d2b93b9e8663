import type { SchoolProfile } from '@sthsm/contract/profile';
import { useRouteLoaderData } from 'react-router';

/** The root loader's data: the public origin and the school of the request (null when it could not be loaded). */
export interface RootData {
  siteUrl: string;
  /** The request's school code (api/src/site.ts resolved it from the host name). */
  code: string;
  school: SchoolProfile | null;
}

const EMPTY: RootData = { siteUrl: '', code: '', school: null };

/** The root loader's data from any component of any route. */
export function useRootData(): RootData {
  return (useRouteLoaderData('root') as RootData | undefined) ?? EMPTY;
}
