import type { Route } from './+types/computer-lab';
import { FacilityPage } from '../components/pages/facility-page';
import { infoPageLoader } from '../lib/pages.server';
import { pageMeta } from '../lib/seo';
import '../styles/pages.css';

export const meta = pageMeta;

export const loader = infoPageLoader('computer-lab');

export default function ComputerLab({ loaderData }: Route.ComponentProps) {
  return <FacilityPage page={loaderData.page} photosLabel="Computer lab photos" />;
}
