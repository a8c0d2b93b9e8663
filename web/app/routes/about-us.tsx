import type { Route } from './+types/about-us';
import { useI18n } from '../i18n/i18n';
import { ApiImage } from '../components/api-image';
import { InfoPage } from '../components/pages/info-page';
import { Prose } from '../components/pages/prose';
import { infoPageLoader } from '../lib/pages.server';
import { useRootData } from '../lib/root-data';
import { pageMeta } from '../lib/seo';
import { NO_HYDRATION } from '../lib/hydration';
import '../styles/pages.css';

export const meta = pageMeta;

export const loader = infoPageLoader('about-us');

/** Nothing here needs React in the browser: the shell's small script does the rest (lib/hydration.ts). */
export const handle = NO_HYDRATION;

export default function AboutUs({ loaderData }: Route.ComponentProps) {
  const { t, rich, contentLang, contentDir } = useI18n();
  const motto = useRootData().school?.motto;
  return (
    <InfoPage content={loaderData.page}>
      {(page) => (
        <>
          <div className="info-intro" lang={contentLang} dir={contentDir}>
            <p className="lead">{page.lead}</p>
            <ApiImage image={page.image} className="info-figure" sizes="(min-width: 768px) 45vw, 100vw" loading="eager" />
          </div>
          <Prose section={page.history} />
          <section className="prose-section">
            <h2>{t('info.about.vision')}</h2>
            <p className="callout" lang={contentLang} dir={contentDir}>
              {page.vision}
            </p>
            {motto ? (
              <p>
                {rich('info.about.motto', {
                  motto: (
                    <strong lang={contentLang} dir={contentDir}>
                      {motto}
                    </strong>
                  ),
                })}
              </p>
            ) : null}
          </section>
          <section className="prose-section">
            <h2>{t('info.about.mission')}</h2>
            <ul lang={contentLang} dir={contentDir}>
              {page.mission.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
          <section className="prose-section">
            <h2>{t('info.about.values')}</h2>
            <dl className="card-list" lang={contentLang} dir={contentDir}>
              {page.values.map((value) => (
                <div key={value.name} className="card">
                  <dt>{value.name}</dt>
                  <dd>{value.text}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section className="prose-section">
            <h2>{t('info.about.wings')}</h2>
            <div className="two-columns">
              {page.wings.map((wing) => (
                <Prose key={wing.heading} section={wing} level={3} />
              ))}
            </div>
          </section>
          <Prose section={page.campus} />
        </>
      )}
    </InfoPage>
  );
}
