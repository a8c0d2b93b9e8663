import type { Route } from './+types/admission-withdrawal';
import { useI18n } from '../i18n/i18n';
import { InfoPage } from '../components/pages/info-page';
import { infoPageLoader } from '../lib/pages.server';
import { telOf } from '../lib/phone';
import { useRootData } from '../lib/root-data';
import { pageMeta } from '../lib/seo';
import { NO_HYDRATION } from '../lib/hydration';
import '../styles/pages.css';

export const meta = pageMeta;

export const loader = infoPageLoader('admission-withdrawal');

/** Nothing here needs React in the browser: the shell's small script does the rest (lib/hydration.ts). */
export const handle = NO_HYDRATION;

const emailLink = (email: string, lang: string | undefined, dir: string | undefined) => (
  <a href={`mailto:${email}`} lang={lang} dir={dir}>
    {email}
  </a>
);
const phoneLink = (phone: string, dir: string | undefined) => (
  <a href={`tel:${telOf(phone)}`} dir={dir}>
    {phone}
  </a>
);

export default function AdmissionWithdrawal({ loaderData }: Route.ComponentProps) {
  const { t, rich, contentLang, contentDir } = useI18n();
  const school = useRootData().school;
  const phone = school?.phones?.[0]?.number;
  const email = school?.emails?.admissions ?? school?.email;
  return (
    <InfoPage content={loaderData.page} printable>
      {(page) => (
        <>
          <p className="lead" lang={contentLang} dir={contentDir}>
            {page.lead}
          </p>
          {page.sections.map((rules) => (
            <section key={rules.heading} className="prose-section" lang={contentLang} dir={contentDir}>
              <h2>{rules.heading}</h2>
              {rules.paragraphs.map((text) => (
                <p key={text}>{text}</p>
              ))}
              <ol className="rules">
                {(rules.list ?? []).map((rule) => (
                  <li key={rule}>{rule}</li>
                ))}
              </ol>
            </section>
          ))}
          {email || phone ? (
            <section className="prose-section">
              <h2>{t('info.rules.questions')}</h2>
              <p>
                {email && phone
                  ? rich('info.rules.writeOrCall', {
                      email: emailLink(email, contentLang, contentDir),
                      phone: phoneLink(phone, contentDir),
                    })
                  : email
                    ? rich('info.rules.write', { email: emailLink(email, contentLang, contentDir) })
                    : phone
                      ? rich('info.rules.call', { phone: phoneLink(phone, contentDir) })
                      : null}
              </p>
            </section>
          ) : null}
          <p className="no-print">
            <button type="button" className="btn" onClick={() => window.print()}>
              {t('info.rules.print')}
            </button>
          </p>
        </>
      )}
    </InfoPage>
  );
}
