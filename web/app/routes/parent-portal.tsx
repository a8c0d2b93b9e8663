import { parentPortal } from '@sthsm/content/pages/parent-portal';
import type { Route } from './+types/parent-portal';
import { PageHeader } from '../components/PageHeader';
import { AppLinks } from '../components/pages/AppLinks';
import { infoPage, infoPageMeta } from '../components/pages/info-page';
import { currentProfile } from '../components/pages/school.server';
import '../styles/pages.css';

const PATH = '/parent-portal';

export function meta(args: Route.MetaArgs) {
  return infoPageMeta(PATH, parentPortal.description, args);
}

export function loader() {
  const profile = currentProfile();
  return { schoolName: profile.name, app: profile.app, portal: profile.parentPortal };
}

export default function ParentPortal({ loaderData }: Route.ComponentProps) {
  const { title, section } = infoPage(PATH);
  const { app, portal } = loaderData;
  const lastWebStep = parentPortal.webSteps.length - 1;
  return (
    <>
      <PageHeader title={title} section={section} />
      <div className="container info-page">
        <p className="lead">{parentPortal.lead}</p>
        <section className="prose-section">
          <h2 id="pay-on-web">Pay fees on the website</h2>
          <ol className="steps" aria-labelledby="pay-on-web">
            {parentPortal.webSteps.map((step, index) => (
              <li key={step}>
                {index === 0 ? (
                  <>
                    {step}{' '}
                    <a href={portal.loginUrl} target="_blank" rel="noopener noreferrer">
                      Open the parent login<span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  </>
                ) : (
                  step
                )}
                {index === lastWebStep ? (
                  <ul>
                    {parentPortal.paymentModes.map((mode) => (
                      <li key={mode}>{mode}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
          <p>{parentPortal.receipts}</p>
        </section>
        <section className="prose-section">
          <h2 id="pay-in-app">Pay fees in the mobile app</h2>
          <p>{parentPortal.appIntro}</p>
          <ol className="steps" aria-labelledby="pay-in-app">
            {parentPortal.appSteps.map((step, index) => (
              <li key={step}>
                {index === 1 ? (
                  <>
                    {step}: <strong className="code">{app.schoolCode}</strong>.
                  </>
                ) : (
                  step
                )}
              </li>
            ))}
          </ol>
          <h3>Download the app</h3>
          <AppLinks app={app} />
        </section>
        <section className="prose-section help-desk">
          <h2>Parent help desk</h2>
          <p>
            {parentPortal.helpDesk}, <strong>{portal.helpDesk.hours}</strong>.
          </p>
          <ul>
            <li>
              Phone: <a href={`tel:${portal.helpDesk.phone.replaceAll(' ', '')}`}>{portal.helpDesk.phone}</a>
            </li>
            <li>
              E-mail: <a href={`mailto:${portal.helpDesk.email}`}>{portal.helpDesk.email}</a>
            </li>
          </ul>
        </section>
      </div>
    </>
  );
}
