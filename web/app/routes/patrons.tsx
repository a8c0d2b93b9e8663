import type { Route } from './+types/patrons';
import { useI18n } from '../i18n/i18n';
import { ApiImage } from '../components/api-image';
import { InfoPage } from '../components/pages/info-page';
import { infoPageLoader } from '../lib/pages.server';
import { pageMeta } from '../lib/seo';
import { NO_HYDRATION } from '../lib/hydration';
import '../styles/pages.css';

export const meta = pageMeta;

export const loader = infoPageLoader('patrons');

/** Nothing here needs React in the browser: the shell's small script does the rest (lib/hydration.ts). */
export const handle = NO_HYDRATION;

export default function Patrons({ loaderData }: Route.ComponentProps) {
  const { contentLang, contentDir } = useI18n();
  return (
    <InfoPage content={loaderData.page}>
      {(page) => (
        <>
          <p className="lead" lang={contentLang} dir={contentDir}>
            {page.lead}
          </p>
          <ul className="patron-list" lang={contentLang} dir={contentDir}>
            {page.patrons.map((patron) => (
              <li key={patron.name} className="card patron">
                <div className="patron-photo">
                  <ApiImage image={patron.portrait} sizes="(min-width: 768px) 200px, 60vw" loading="eager" />
                </div>
                <div>
                  <h2>{patron.name}</h2>
                  <p className="role">{patron.role}</p>
                  <p>{patron.bio}</p>
                </div>
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
