import { Link, useRouteLoaderData } from 'react-router';
import { rightsKindWords, type RightsRequestSummary } from '@sthsm/contract/rights-requests';
import '../../styles/admin-submissions.css';
import type { Route } from './+types/requests';
import { adminApi, fail, schoolPath, type StaffContext } from '../../lib/staff/admin-api.server';
import { adminMeta } from '../../lib/staff/admin-meta';
import { staffTime, zoneLabel } from '../../lib/staff/admin-time';

// People's requests about their data (issue 37, docs/staff.md "Requests about personal data"):
// confirmed requests, open ones first by due date, overdue ones said plainly. Administrators only.

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Requests about personal data', matches);
}

interface Queue {
  items: RightsRequestSummary[];
  open: number;
  overdue: number;
  responseDays: number;
}

export async function loader({ request }: Route.LoaderArgs) {
  const answer = await adminApi<Queue>(request, `${schoolPath(request)}/requests`);
  if (!answer.ok || !answer.data) fail(answer);
  return answer.data;
}

export const statusWords = (r: Pick<RightsRequestSummary, 'status' | 'overdue'>) =>
  r.status === 'done' ? 'Done' : r.status === 'refused' ? 'Refused' : r.overdue ? 'Open — overdue' : 'Open';

export default function Requests({ loaderData }: Route.ComponentProps) {
  const { items, open, overdue, responseDays } = loaderData;
  const { timeZone } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  return (
    <>
      <h1>Requests about personal data</h1>
      <p>
        People ask here for a copy of their data (or their child&rsquo;s), its correction or its erasure, from the form on the privacy
        notice. A request appears once the person has confirmed it from their e-mail. Answer within {responseDays} days of that.
      </p>
      <p>
        {open === 0 ? 'No request is open.' : `${open} ${open === 1 ? 'request is' : 'requests are'} open`}
        {overdue > 0 ? `, ${overdue} past ${overdue === 1 ? 'its' : 'their'} due date.` : open > 0 ? '.' : ''}
      </p>
      {items.length > 0 ? (
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled by keyboard
        <section className="admin-table-wrap" tabIndex={0} aria-label="Requests">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Request</th>
                <th scope="col">From</th>
                <th scope="col">Received ({zoneLabel(timeZone)})</th>
                <th scope="col">Due</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {items.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to={`/admin/requests/${r.id}`}>
                      {rightsKindWords(r.kind).replace(/^./, (c) => c.toUpperCase())}
                      {r.about === 'child' ? ' (their child)' : ''}
                    </Link>
                  </td>
                  <td>{r.name}</td>
                  <td>{staffTime(r.receivedAt, timeZone)}</td>
                  <td>{staffTime(r.dueAt, timeZone)}</td>
                  <td>{r.overdue ? <strong>{statusWords(r)}</strong> : statusWords(r)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </>
  );
}
