import type { Route } from './+types/parent-portal';
import { useI18n } from '../i18n/i18n';
import type { Translate } from '../i18n/i18n';
import { AppLinks } from '../components/pages/app-links';
import { InfoPage, SchoolText } from '../components/pages/info-page';
import { infoPageLoader } from '../lib/pages.server';
import { telOf } from '../lib/phone';
import { useRootData } from '../lib/root-data';
import { pageMeta } from '../lib/seo';
import { NO_HYDRATION } from '../lib/hydration';
import '../styles/pages.css';

export const meta = pageMeta;

export const loader = infoPageLoader('parent-portal');

const SCHOOL_CODE_SLOT = '{schoolCode}';

/** A step with the school's app code where the text says {schoolCode}. */
function withSchoolCode(
  t: Translate,
  { contentLang, contentDir }: { contentLang: string | undefined; contentDir: string | undefined },
  step: string,
  code: string | undefined,
) {
  const at = step.indexOf(SCHOOL_CODE_SLOT);
  if (at === -1) return <SchoolText>{step}</SchoolText>;
  return (
    <>
      <SchoolText>{step.slice(0, at)}</SchoolText>
      <strong className="code" lang={code ? contentLang : undefined} dir={code ? contentDir : undefined}>
        {code ?? t('info.portal.codeFromOffice')}
      </strong>
      <SchoolText>{step.slice(at + SCHOOL_CODE_SLOT.length)}</SchoolText>
    </>
  );
}

/** Nothing here needs React in the browser: the shell's small script does the rest (lib/hydration.ts). */
export const handle = NO_HYDRATION;

export default function ParentPortal({ loaderData }: Route.ComponentProps) {
  const { t, contentLang, contentDir } = useI18n();
  const school = useRootData().school;
  const helpDesk = school?.parentPortal?.helpDesk;
  return (
    <InfoPage content={loaderData.page}>
      {(page) => {
        const lastWebStep = page.webSteps.length - 1;
        return (
          <>
            <p className="lead" lang={contentLang} dir={contentDir}>
              {page.lead}
            </p>
            <section className="prose-section">
              <h2 id="pay-on-web">{t('info.portal.payOnWeb')}</h2>
              <ol className="steps" aria-labelledby="pay-on-web">
                {page.webSteps.map((step, index) => (
                  <li key={step}>
                    <SchoolText>{step}</SchoolText>
                    {index === 0 && school?.parentPortal?.loginUrl ? (
                      <>
                        {' '}
                        <a href={school.parentPortal.loginUrl} target="_blank" rel="noopener noreferrer">
                          {t('info.portal.openLogin')}
                          <span className="visually-hidden">{t('shell.newTab')}</span>
                        </a>
                      </>
                    ) : null}
                    {index === lastWebStep ? (
                      <ul lang={contentLang} dir={contentDir}>
                        {page.paymentModes.map((mode) => (
                          <li key={mode}>{mode}</li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ol>
              <p lang={contentLang} dir={contentDir}>
                {page.receipts}
              </p>
            </section>
            <section className="prose-section">
              <h2 id="pay-in-app">{t('info.portal.payInApp')}</h2>
              <p lang={contentLang} dir={contentDir}>
                {page.appIntro}
              </p>
              <ol className="steps" aria-labelledby="pay-in-app">
                {page.appSteps.map((step) => (
                  <li key={step}>{withSchoolCode(t, { contentLang, contentDir }, step, school?.app?.schoolCode)}</li>
                ))}
              </ol>
              {school?.app ? (
                <>
                  <h3>{t('info.portal.downloadApp')}</h3>
                  <AppLinks app={school.app} />
                </>
              ) : null}
            </section>
            {helpDesk ? (
              <section className="prose-section help-desk">
                <h2>{t('info.portal.helpDesk')}</h2>
                <p lang={contentLang} dir={contentDir}>
                  {page.helpDesk}, <strong>{helpDesk.hours}</strong>.
                </p>
                <ul>
                  <li>
                    {t('info.phone')}
                    <a href={`tel:${telOf(helpDesk.phone)}`} dir={contentDir}>
                      {helpDesk.phone}
                    </a>
                  </li>
                  <li>
                    {t('info.email')}
                    <a href={`mailto:${helpDesk.email}`} lang={contentLang} dir={contentDir}>
                      {helpDesk.email}
                    </a>
                  </li>
                </ul>
              </section>
            ) : null}
          </>
        );
      }}
    </InfoPage>
  );
}
