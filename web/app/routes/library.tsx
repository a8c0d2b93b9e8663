import type { Route } from './+types/library';
import { FacilityPage } from '../components/pages/facility-page';
import { infoPageLoader } from '../lib/pages.server';
import { pageMeta } from '../lib/seo';
import { NO_HYDRATION } from '../lib/hydration';
import '../styles/pages.css';

export const meta = pageMeta;

export const loader = infoPageLoader('library');

/** Nothing here needs React in the browser: the shell's small script does the rest (lib/hydration.ts). */
export const handle = NO_HYDRATION;

export default function Library({ loaderData }: Route.ComponentProps) {
  return <FacilityPage page={loaderData.page} photosLabel="Library photos" />;
}
