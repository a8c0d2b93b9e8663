import type { ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/house';
import { useI18n } from '../i18n/i18n';
import { HouseTabs } from '../components/pages/house-tabs';
import { InfoPage } from '../components/pages/info-page';
import { infoPageLoader } from '../lib/pages.server';
import { pageMeta } from '../lib/seo';
import '../styles/pages.css';
import { NO_HYDRATION } from '../lib/hydration';

export const meta = pageMeta;

/** No React in the browser (docs/decisions/0075): the house tabs are the shell script's (lib/enhance.server.ts). */
export const handle = NO_HYDRATION;

export const loader = infoPageLoader('house');

/** Choosing a house (`?house=`) changes nothing the loader reads: no refetch. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export default function SchoolHouses({ loaderData }: Route.ComponentProps) {
  const { contentLang, contentDir } = useI18n();
  return (
    <InfoPage content={loaderData.page}>
      {(page) => (
        <>
          <p className="lead" lang={contentLang} dir={contentDir}>
            {page.lead}
          </p>
          <HouseTabs houses={page.houses} />
        </>
      )}
    </InfoPage>
  );
}
