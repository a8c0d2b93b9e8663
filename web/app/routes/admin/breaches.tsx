import { Link, useRouteLoaderData } from 'react-router';
import '../../styles/admin-breaches.css';
import type { Route } from './+types/breaches';
import { BreachClock, breachTitle, type Breach } from '../../components/admin/breach-form';
import { adminApi, fail, schoolPath, type StaffContext } from '../../lib/staff/admin-api.server';
import { adminMeta } from '../../lib/staff/admin-meta';
import { staffTime } from '../../lib/staff/admin-time';

// The personal-data breach register (issue 37), administrators only: every breach of the school,
// each with its 72-hour clock until the report to the Data Protection Board is marked sent.

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Personal data breaches', matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  const answer = await adminApi<{ items: Breach[] }>(request, `${schoolPath(request)}/breaches`);
  if (!answer.ok || !answer.data) fail(answer);
  return { items: answer.data.items };
}

export default function Breaches({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  const { timeZone } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  return (
    <>
      <h1>Personal data breaches</h1>
      <p>
        When personal data the school holds is lost, shown or sent to the wrong people, or reached by someone who should not reach it,
        record it here at once. The Digital Personal Data Protection Act asks the school to tell the Data Protection Board without delay, to
        send it a report within 72 hours of becoming aware, and to tell each affected person. Each record drafts those notices from its
        facts.
      </p>
      <p>
        <Link className="btn" to="/admin/breaches/new">
          Record a breach
        </Link>
      </p>
      {items.length === 0 ? (
        <p>No breaches are recorded.</p>
      ) : (
        <ul className="breach-list" aria-label="Breaches">
          {items.map((b) => (
            <li key={b.id}>
              <p>
                <Link to={`/admin/breaches/${encodeURIComponent(b.id)}`}>{breachTitle(b)}</Link>
              </p>
              <p>
                <span className="breach-status">{b.closedAt ? 'Closed' : 'Open'}</span> · aware since {staffTime(b.awareAt, timeZone)}
              </p>
              {b.clock.state === 'sent' ? <p>Report to the Data Protection Board sent.</p> : <BreachClock breach={b} />}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
