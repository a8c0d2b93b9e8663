import { Form, Link, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/audit';
import { adminApi, fail, schoolPath, type AuditEntry } from '../../lib/staff/admin-api.server';
import { adminMeta } from '../../lib/staff/admin-meta';
import { staffTime, zoneLabel } from '../../lib/staff/admin-time';
import type { StaffContext } from '../../lib/staff/admin-api.server';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Audit log', matches);
}

const FILTERS = ['action', 'actor', 'from', 'to'] as const;

/** The filters of the URL that the API understands (empty ones dropped). */
function filtersOf(url: URL): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of FILTERS) {
    const value = url.searchParams.get(name)?.trim();
    if (value) query.set(name, value);
  }
  return query;
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = filtersOf(url);
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const query = new URLSearchParams(filters);
  query.set('page', String(page));
  const answer = await adminApi<{ items: AuditEntry[]; total: number; page: number; pageSize: number }>(
    request,
    `${schoolPath(request)}/audit?${query}`,
  );
  if (answer.status === 400) {
    return { items: [], total: 0, page: 1, pages: 1, filters: Object.fromEntries(filters), error: answer.error };
  }
  if (!answer.ok || !answer.data) fail(answer);
  const { items, total, pageSize } = answer.data;
  return { items, total, page, pages: Math.max(1, Math.ceil(total / pageSize)), filters: Object.fromEntries(filters), error: '' };
}

const ACTION_WORDS: Record<string, string> = {
  'session.signed_in': 'Signed in',
  'session.sign_in_failed': 'Failed sign-in',
  'session.sign_in_refused': 'Sign-in refused (locked)',
  'session.signed_out': 'Signed out',
  'session.revoked': 'Signed out everywhere by an admin',
  'staff.invited': 'Invited',
  'staff.invitation_accepted': 'Accepted invitation',
  'staff.role_changed': 'Role changed',
  'staff.removed': 'Removed from staff',
  'staff.link_created': 'Password link made',
  'staff.setup_completed': 'First administrator created',
  'staff.setup_link_created': 'Setup link made',
  'staff.added_by_operator': 'Added by the operator',
  'account.password_changed': 'Password changed',
  'account.password_reset': 'Password reset',
  'account.password_reset_requested': 'Password reset asked for',
  'account.two_factor_enabled': 'Two-factor turned on',
  'account.two_factor_disabled': 'Two-factor turned off',
  'settings.security_updated': 'Security setting changed',
  'submissions.listed': 'Looked at alumni submissions',
  'submissions.opened': 'Opened an alumni submission',
  'submissions.exported': 'Exported alumni submissions',
  'submissions.marked_handled': 'Marked a submission handled',
  'submissions.marked_unhandled': 'Marked a submission not handled',
  'submissions.erased': 'Erased alumni submissions',
  'submissions.retention_erased': 'Erased old submissions (retention)',
  'privacy.retention_changed': 'Retention period changed',
  'person.looked_up': 'Looked up a person',
  'person.exported': 'Exported a person\u2019s data',
  'person.erased': 'Erased a person\u2019s submissions',
  'requests.listed': 'Looked at requests about personal data',
  'requests.opened': 'Opened a request about personal data',
  'requests.exported': 'Exported a requester\u2019s data',
  'requests.erased': 'Erased a requester\u2019s data',
  'requests.corrected': 'Corrected a submission on request',
  'requests.done': 'Closed a request as done',
  'requests.refused': 'Refused a request',
  'requests.retention_erased': 'Erased old requests (retention)',
  'children.listed': 'Looked at the consent register',
  'children.opened': 'Opened a child\u2019s consent record',
  'children.erased': 'Erased a child\u2019s record',
  'access_log.expired': 'Deleted access entries older than a year',
  'settings.updated': 'School settings changed',
  'breach.recorded': 'Breach recorded',
  'breach.updated': 'Breach record changed',
  'breach.closed': 'Breach closed',
  'school.created': 'School created',
  'school.host_added': 'Host name added',
  'school.host_removed': 'Host name removed',
  'school.suspended': 'School suspended',
  'school.suspension_lifted': 'Suspension lifted',
};

const show = (v: Record<string, unknown> | null) =>
  v
    ? Object.entries(v)
        .map(([k, x]) => `${k}: ${String(x)}`)
        .join(', ')
    : '—';

function Change({ before, after }: Pick<AuditEntry, 'before' | 'after'>) {
  if (!before && !after) return null;
  return (
    <>
      {before ? <>{show(before)} → </> : null}
      {show(after)}
    </>
  );
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pages, filters, error } = loaderData;
  const { timeZone } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const at = (p: number) => `?${new URLSearchParams({ ...filters, page: String(p) })}`;
  const csv = `/admin/audit.csv?${new URLSearchParams(filters)}`;
  return (
    <>
      <h1>Audit log</h1>
      <Form method="get" className="admin-filters" aria-label="Filter the audit log">
        <div className="field">
          <label htmlFor="f-action">Action starts with</label>
          <input id="f-action" name="action" defaultValue={filters.action ?? ''} placeholder="session." />
        </div>
        <div className="field">
          <label htmlFor="f-actor">Who (part of the email)</label>
          <input id="f-actor" name="actor" defaultValue={filters.actor ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="f-from">From</label>
          <input id="f-from" name="from" type="date" defaultValue={filters.from ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="f-to">To</label>
          <input id="f-to" name="to" type="date" defaultValue={filters.to ?? ''} />
        </div>
        <div className="admin-button-row">
          <button className="btn" type="submit">
            Filter
          </button>
          <Link className="btn btn--outline" to="/admin/audit">
            Clear
          </Link>
          <a className="btn btn--outline" href={csv} download>
            Download CSV
          </a>
        </div>
      </Form>
      {error ? (
        <p className="admin-alert admin-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <p>
        <output>
          {total} {total === 1 ? 'entry' : 'entries'}
          {pages > 1 ? `, page ${page} of ${pages}` : ''}.
        </output>
      </p>
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled by keyboard */}
      <section className="admin-table-wrap" tabIndex={0} aria-label="Audit log entries">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">When ({zoneLabel(timeZone)})</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">About</th>
              <th scope="col">Change</th>
              <th scope="col">Address</th>
            </tr>
          </thead>
          <tbody>
            {items.map((e) => (
              <tr key={e.id}>
                <td>{staffTime(e.at, timeZone, true)}</td>
                <td>{e.actor ?? '—'}</td>
                <td>{ACTION_WORDS[e.action] ?? e.action}</td>
                <td>{e.target ?? ''}</td>
                <td>
                  <Change before={e.before} after={e.after} />
                </td>
                <td>{e.ip ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {pages > 1 ? (
        <nav aria-label="Audit log pages" className="admin-pager">
          {page > 1 ? <Link to={at(page - 1)}>Newer entries</Link> : <span />}
          {page < pages ? <Link to={at(page + 1)}>Older entries</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
