import { admissionWithdrawal } from '@sthsm/content/pages/admission-withdrawal';
import type { Route } from './+types/admission-withdrawal';
import { PageHeader } from '../components/PageHeader';
import { infoPage, infoPageMeta } from '../components/pages/info-page';
import { currentProfile } from '../components/pages/school.server';
import '../styles/pages.css';

const PATH = '/admission-withdrawal';

export function meta(args: Route.MetaArgs) {
  return infoPageMeta(PATH, admissionWithdrawal.description, args);
}

export function loader() {
  const profile = currentProfile();
  return { schoolName: profile.name, admissionsEmail: profile.emails.admissions, phone: profile.phones[0]?.display ?? '' };
}

export default function AdmissionWithdrawal({ loaderData }: Route.ComponentProps) {
  const { title, section } = infoPage(PATH);
  return (
    <>
      <PageHeader title={title} section={section} />
      <div className="container info-page printable">
        <p className="lead">{admissionWithdrawal.lead}</p>
        {admissionWithdrawal.sections.map((rules) => (
          <section key={rules.heading} className="prose-section">
            <h2>{rules.heading}</h2>
            <ol className="rules">
              {(rules.list ?? []).map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ol>
          </section>
        ))}
        <section className="prose-section">
          <h2>Questions?</h2>
          <p>
            Write to <a href={`mailto:${loaderData.admissionsEmail}`}>{loaderData.admissionsEmail}</a>
            {loaderData.phone ? (
              <>
                {' '}or call the school office on{' '}
                <a href={`tel:${loaderData.phone.replaceAll(' ', '')}`}>{loaderData.phone}</a>
              </>
            ) : null}
            .
          </p>
        </section>
        <p className="no-print">
          <button type="button" className="btn" onClick={() => window.print()}>
            Print the rules
          </button>
        </p>
      </div>
    </>
  );
}
