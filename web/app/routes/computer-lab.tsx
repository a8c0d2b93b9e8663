import type { Route } from './+types/computer-lab';
import { FacilityPage } from '../components/pages/facility-page';
import { infoPageLoader } from '../lib/pages.server';
import { pageMeta } from '../lib/seo';
import { NO_HYDRATION, type HydrationHandle } from '../lib/hydration';
import '../styles/pages.css';

export const meta = pageMeta;

export const loader = infoPageLoader('computer-lab');

/** No React in the browser: the shell's small script does the rest, the photos' lightbox is an island (decision 0077). */
export const handle: HydrationHandle = { ...NO_HYDRATION, island: 'photos' };

export default function ComputerLab({ loaderData }: Route.ComponentProps) {
  return <FacilityPage page={loaderData.page} facility="computer-lab" />;
}
