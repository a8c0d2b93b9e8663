import type { Route } from './+types/activities';
import { useI18n } from '../i18n/i18n';
import { ApiImage, CARD_SIZES } from '../components/api-image';
import { InfoPage } from '../components/pages/info-page';
import { infoPageLoader } from '../lib/pages.server';
import { pageMeta } from '../lib/seo';
import { NO_HYDRATION } from '../lib/hydration';
import '../styles/pages.css';

export const meta = pageMeta;

export const loader = infoPageLoader('activities');

/** Nothing here needs React in the browser: the shell's small script does the rest (lib/hydration.ts). */
export const handle = NO_HYDRATION;

export default function Activities({ loaderData }: Route.ComponentProps) {
  const { contentLang, contentDir } = useI18n();
  return (
    <InfoPage content={loaderData.page}>
      {(page) => (
        <>
          <p className="lead" lang={contentLang} dir={contentDir}>
            {page.lead}
          </p>
          <ul className="activity-list" lang={contentLang} dir={contentDir}>
            {page.items.map((item) => (
              <li key={item.name} className="card activity">
                {item.image ? <ApiImage image={item.image} sizes={CARD_SIZES} /> : null}
                <h2>{item.name}</h2>
                <p>{item.text}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </InfoPage>
  );
}
