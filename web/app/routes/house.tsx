import type { ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/house';
import { HouseTabs } from '../components/pages/house-tabs';
import { InfoPage } from '../components/pages/info-page';
import { infoPageLoader } from '../lib/pages.server';
import { pageMeta } from '../lib/seo';
import '../styles/pages.css';

export const meta = pageMeta;

export const loader = infoPageLoader('house');

/** Choosing a house (`?house=`) changes nothing the loader reads: no refetch. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export default function SchoolHouses({ loaderData }: Route.ComponentProps) {
  return (
    <InfoPage content={loaderData.page}>
      {(page) => (
        <>
          <p className="lead">{page.lead}</p>
          <HouseTabs houses={page.houses} />
        </>
      )}
    </InfoPage>
  );
}
