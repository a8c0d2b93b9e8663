import type { Route } from './+types/clubs-association';
import { useI18n } from '../i18n/i18n';
import { InfoPage, SchoolText } from '../components/pages/info-page';
import { infoPageLoader } from '../lib/pages.server';
import { pageMeta } from '../lib/seo';
import { NO_HYDRATION } from '../lib/hydration';
import '../styles/pages.css';

export const meta = pageMeta;

export const loader = infoPageLoader('clubs-association');

/** Nothing here needs React in the browser: the shell's small script does the rest (lib/hydration.ts). */
export const handle = NO_HYDRATION;

export default function ClubsAssociation({ loaderData }: Route.ComponentProps) {
  const { t, rich, contentLang, contentDir } = useI18n();
  return (
    <InfoPage content={loaderData.page}>
      {(page) => (
        <>
          <p className="lead" lang={contentLang} dir={contentDir}>
            {page.lead}
          </p>
          <ul className="club-list" aria-label={t('info.clubs.list', { count: page.clubs.length })}>
            {page.clubs.map((club) => (
              <li key={club.name} className="card">
                <h2>{rich('info.clubs.heading', { club: <SchoolText>{club.name}</SchoolText> })}</h2>
                <p lang={contentLang} dir={contentDir}>
                  {club.text}
                </p>
              </li>
            ))}
          </ul>
          <p lang={contentLang} dir={contentDir}>
            {page.closing}
          </p>
        </>
      )}
    </InfoPage>
  );
}
