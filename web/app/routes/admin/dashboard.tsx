import { Link, useRouteLoaderData } from 'react-router';
import { ROLE_LABELS } from '@sthsm/contract/staff-words';
import type { Route } from './+types/dashboard';
import { CONTENT_LINKS } from '../../lib/admin-content';
import { adminMeta } from '../../lib/admin-meta';
import type { StaffContext } from '../../lib/admin-api.server';
import { staffTime } from '../../lib/admin-time';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Dashboard', matches);
}

export default function Dashboard() {
  const staff = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const { me, role, school } = staff;
  return (
    <>
      <h1>Welcome, {me.user.name}</h1>
      <p>
        You are signed in to the staff area of <strong>{school.name}</strong>
        {role ? (
          <>
            {' '}
            as <strong>{ROLE_LABELS[role].toLowerCase()}</strong>
          </>
        ) : null}
        {me.user.isOperator ? ' (platform operator)' : ''}.
      </p>
      <ul className="admin-tiles">
        {role === 'admin' ? (
          <>
            <li>
              <Link to="/admin/settings">
                <strong>School settings</strong>
                <span>Name, phone numbers, address, links and the facts the website shows.</span>
              </Link>
            </li>
            <li>
              <Link to="/admin/staff">
                <strong>Staff</strong>
                <span>Invite people, change roles, sign someone out.</span>
              </Link>
            </li>
            <li>
              <Link to="/admin/submissions">
                <strong>Alumni submissions</strong>
                <span>Read, export and erase alumni registrations; a person&rsquo;s request.</span>
              </Link>
            </li>
            <li>
              <Link to="/admin/audit">
                <strong>Audit log</strong>
                <span>Who changed what, and every sign-in.</span>
              </Link>
            </li>
          </>
        ) : null}
        {role === 'admin' || role === 'editor' ? (
          <li>
            <Link to="/admin/children">
              <strong>Children and consent</strong>
              <span>Guardians&rsquo; consent for birthdays, results and photos on the site; withdraw it in one step.</span>
            </Link>
          </li>
        ) : null}
        <li>
          <Link to="/admin/account">
            <strong>Your account</strong>
            <span>Password and two-factor sign-in.</span>
          </Link>
        </li>
        <li>
          <Link to="/" reloadDocument>
            <strong>Public website</strong>
            <span>See the site as visitors do.</span>
          </Link>
        </li>
      </ul>
      {role ? (
        <>
          <h2>Content</h2>
          <ul className="admin-tiles">
            {CONTENT_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>
                  <strong>{l.label}</strong>
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="admin-aside">
        {me.user.twoFactorEnabled ? 'Two-factor sign-in is on for your account. ' : 'Tip: turn on two-factor sign-in under Your account. '}
        If you do nothing here, this session ends on {staffTime(me.session.expiresAt, staff.timeZone)}; in any case 7 days after you signed
        in.
      </p>
    </>
  );
}
