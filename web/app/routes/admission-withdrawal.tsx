import type { Route } from './+types/admission-withdrawal';
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

export default function AdmissionWithdrawal({ loaderData }: Route.ComponentProps) {
  const school = useRootData().school;
  const phone = school?.phones?.[0]?.number;
  const email = school?.emails?.admissions ?? school?.email;
  return (
    <InfoPage content={loaderData.page} printable>
      {(page) => (
        <>
          <p className="lead">{page.lead}</p>
          {page.sections.map((rules) => (
            <section key={rules.heading} className="prose-section">
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
              <h2>Questions?</h2>
              <p>
                {email ? (
                  <>
                    Write to <a href={`mailto:${email}`}>{email}</a>
                  </>
                ) : null}
                {phone ? (
                  <>
                    {email ? ' or call' : 'Call'} the school office on <a href={`tel:${telOf(phone)}`}>{phone}</a>
                  </>
                ) : null}
                .
              </p>
            </section>
          ) : null}
          <p className="no-print">
            <button type="button" className="btn" onClick={() => window.print()}>
              Print the rules
            </button>
          </p>
        </>
      )}
    </InfoPage>
  );
}
