import type { Route } from './+types/erp-software';
import { useI18n } from '../i18n/i18n';
import { ApiImage, CARD_SIZES } from '../components/api-image';
import { AppLinks } from '../components/pages/app-links';
import { InfoPage } from '../components/pages/info-page';
import { infoPageLoader } from '../lib/pages.server';
import { useRootData } from '../lib/root-data';
import { pageMeta } from '../lib/seo';
import { NO_HYDRATION } from '../lib/hydration';
import '../styles/pages.css';

export const meta = pageMeta;

export const loader = infoPageLoader('erp-software');

/** Nothing here needs React in the browser: the shell's small script does the rest (lib/hydration.ts). */
export const handle = NO_HYDRATION;

export default function ErpSoftware({ loaderData }: Route.ComponentProps) {
  const { t, rich, contentLang, contentDir, tag, dir } = useI18n();
  const school = useRootData().school;
  const erp = school?.erp;
  return (
    <InfoPage content={loaderData.page}>
      {(page) => (
        <>
          {page.lead.map((text) => (
            <p key={text} className="lead" lang={contentLang} dir={contentDir}>
              {text}
            </p>
          ))}
          {erp ? (
            <p>
              {rich('info.erp.provider', {
                provider: (
                  <strong lang={contentLang} dir={contentDir}>
                    {erp.provider}
                  </strong>
                ),
                website: (
                  <a href={erp.url} target="_blank" rel="noopener noreferrer">
                    {t('info.erp.providerSite')}
                    <span className="visually-hidden">{t('shell.newTab')}</span>
                  </a>
                ),
              })}
            </p>
          ) : null}
          <h2>{t('info.erp.forFamilies')}</h2>
          <ul className="erp-grid">
            {page.modules.map((module) => (
              <li key={module.title} className="card">
                {module.image && erp ? (
                  <a href={erp.url} target="_blank" rel="noopener noreferrer" className="image-link">
                    <ApiImage
                      image={module.image}
                      sizes={CARD_SIZES}
                      alt={t('info.erp.moduleAlt', { module: module.title, provider: erp.provider })}
                    />
                  </a>
                ) : module.image ? (
                  <ApiImage image={module.image} sizes={CARD_SIZES} />
                ) : null}
                <h3 lang={contentLang} dir={contentDir}>
                  {module.title}
                </h3>
                <p lang={contentLang} dir={contentDir}>
                  {module.text}
                </p>
              </li>
            ))}
          </ul>
          <section className="prose-section app-section" lang={contentLang} dir={contentDir}>
            <ApiImage image={page.appImage} className="app-image" sizes="(min-width: 768px) 240px, 60vw" />
            <div lang={contentLang ? tag : undefined} dir={contentDir ? dir : undefined}>
              <h2>{t('info.erp.app')}</h2>
              <p lang={contentLang} dir={contentDir}>
                {page.app}
              </p>
              {school?.app ? (
                <>
                  <p>
                    {rich('info.erp.schoolCode', {
                      code: (
                        <strong className="code" lang={contentLang} dir={contentDir}>
                          {school.app.schoolCode}
                        </strong>
                      ),
                    })}
                  </p>
                  <AppLinks app={school.app} />
                </>
              ) : null}
            </div>
          </section>
        </>
      )}
    </InfoPage>
  );
}
