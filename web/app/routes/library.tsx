import type { Route } from './+types/library';
import { FacilityPage } from '../components/pages/facility-page';
import { infoPageLoader } from '../lib/pages.server';
import { pageMeta } from '../lib/seo';
import '../styles/pages.css';

export const meta = pageMeta;

export const loader = infoPageLoader('library');

export default function Library({ loaderData }: Route.ComponentProps) {
  return <FacilityPage page={loaderData.page} photosLabel="Library photos" />;
}
