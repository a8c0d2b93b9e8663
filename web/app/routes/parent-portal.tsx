import type { Route } from './+types/parent-portal';
import { AppLinks } from '../components/pages/app-links';
import { InfoPage } from '../components/pages/info-page';
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
function withSchoolCode(step: string, code: string | undefined) {
  const at = step.indexOf(SCHOOL_CODE_SLOT);
  if (at === -1) return step;
  return (
    <>
      {step.slice(0, at)}
      <strong className="code">{code ?? 'given by the school office'}</strong>
      {step.slice(at + SCHOOL_CODE_SLOT.length)}
    </>
  );
}

/** Nothing here needs React in the browser: the shell's small script does the rest (lib/hydration.ts). */
export const handle = NO_HYDRATION;

export default function ParentPortal({ loaderData }: Route.ComponentProps) {
  const school = useRootData().school;
  const helpDesk = school?.parentPortal?.helpDesk;
  return (
    <InfoPage content={loaderData.page}>
      {(page) => {
        const lastWebStep = page.webSteps.length - 1;
        return (
          <>
            <p className="lead">{page.lead}</p>
            <section className="prose-section">
              <h2 id="pay-on-web">Pay fees on the website</h2>
              <ol className="steps" aria-labelledby="pay-on-web">
                {page.webSteps.map((step, index) => (
                  <li key={step}>
                    {step}
                    {index === 0 && school?.parentPortal?.loginUrl ? (
                      <>
                        {' '}
                        <a href={school.parentPortal.loginUrl} target="_blank" rel="noopener noreferrer">
                          Open the parent login<span className="visually-hidden"> (opens in a new tab)</span>
                        </a>
                      </>
                    ) : null}
                    {index === lastWebStep ? (
                      <ul>
                        {page.paymentModes.map((mode) => (
                          <li key={mode}>{mode}</li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ol>
              <p>{page.receipts}</p>
            </section>
            <section className="prose-section">
              <h2 id="pay-in-app">Pay fees in the mobile app</h2>
              <p>{page.appIntro}</p>
              <ol className="steps" aria-labelledby="pay-in-app">
                {page.appSteps.map((step) => (
                  <li key={step}>{withSchoolCode(step, school?.app?.schoolCode)}</li>
                ))}
              </ol>
              {school?.app ? (
                <>
                  <h3>Download the app</h3>
                  <AppLinks app={school.app} />
                </>
              ) : null}
            </section>
            {helpDesk ? (
              <section className="prose-section help-desk">
                <h2>Parent help desk</h2>
                <p>
                  {page.helpDesk}, <strong>{helpDesk.hours}</strong>.
                </p>
                <ul>
                  <li>
                    Phone: <a href={`tel:${telOf(helpDesk.phone)}`}>{helpDesk.phone}</a>
                  </li>
                  <li>
                    E-mail: <a href={`mailto:${helpDesk.email}`}>{helpDesk.email}</a>
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
