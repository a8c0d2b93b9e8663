import type { Route } from './+types/clubs-association';
import { InfoPage } from '../components/pages/info-page';
import { infoPageLoader } from '../lib/pages.server';
import { pageMeta } from '../lib/seo';
import { NO_HYDRATION } from '../lib/hydration';
import '../styles/pages.css';

export const meta = pageMeta;

export const loader = infoPageLoader('clubs-association');

/** Nothing here needs React in the browser: the shell's small script does the rest (lib/hydration.ts). */
export const handle = NO_HYDRATION;

export default function ClubsAssociation({ loaderData }: Route.ComponentProps) {
  return (
    <InfoPage content={loaderData.page}>
      {(page) => (
        <>
          <p className="lead">{page.lead}</p>
          <ul className="club-list" aria-label={`Our ${page.clubs.length} clubs`}>
            {page.clubs.map((club) => (
              <li key={club.name} className="card">
                <h2>{club.name} Club</h2>
                <p>{club.text}</p>
              </li>
            ))}
          </ul>
          <p>{page.closing}</p>
        </>
      )}
    </InfoPage>
  );
}
