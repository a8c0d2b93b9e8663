import { Form, isRouteErrorResponse, Link, NavLink, Outlet, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from 'react-router';
import { ROLE_LABELS } from '@sthsm/contract/staff-words';
import type { Route } from './+types/signed-in';
import { requireStaff } from '../../lib/admin-api.server';
import { CONTENT_LINKS } from '../../lib/admin-content';

/** Every signed-in page: the person, their role in this site's school, and the CSRF token for forms. */
export async function loader({ request }: Route.LoaderArgs) {
  return requireStaff(request);
}

/**
 * After a form refused as signed out (401) or with a stale form token (403), read the session
 * again: signed out goes to the sign-in page, and a new session's CSRF token reaches the forms
 * (React Router skips that after a 4xx answer by default).
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 401 || actionStatus === 403 ? true : defaultShouldRevalidate;
}

type StaffData = Awaited<ReturnType<typeof loader>>;

function AdminHeader({ staff }: { staff: StaffData | undefined }) {
  const isAdmin = staff?.role === 'admin';
  return (
    <header className="admin-header">
      <div className="admin-header-inner">
        <p className="admin-brand">
          <Link to="/admin">{staff?.school.name ?? 'Staff area'}</Link> <span>Staff area</span>
        </p>
        {staff ? (
          <nav aria-label="Staff area" className="admin-nav">
            <ul>
              <li>
                <NavLink to="/admin" end>
                  Dashboard
                </NavLink>
              </li>
              {isAdmin ? (
                <li>
                  <NavLink to="/admin/settings">Settings</NavLink>
                </li>
              ) : null}
              {isAdmin ? (
                <li>
                  <NavLink to="/admin/staff">Staff</NavLink>
                </li>
              ) : null}
              {isAdmin || staff.role === 'editor' ? (
                <li>
                  <NavLink to="/admin/children">Children</NavLink>
                </li>
              ) : null}
              {isAdmin ? (
                <li>
                  <NavLink to="/admin/submissions">Submissions</NavLink>
                </li>
              ) : null}
              {isAdmin ? (
                <li>
                  <NavLink to="/admin/audit">Audit log</NavLink>
                </li>
              ) : null}
              <li>
                <NavLink to="/admin/account">Your account</NavLink>
              </li>
            </ul>
            <Form method="post" action="/admin/sign-out" className="admin-signout">
              <input type="hidden" name="csrf" value={staff.me.csrfToken} />
              <span className="admin-who">
                {staff.me.user.name}
                {staff.role ? `, ${ROLE_LABELS[staff.role].toLowerCase()}` : ''}
              </span>
              <button type="submit" className="btn btn--light">
                Sign out
              </button>
            </Form>
          </nav>
        ) : null}
        {staff?.role ? (
          <nav aria-label="Content" className="admin-nav admin-nav--content">
            <ul>
              {CONTENT_LINKS.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to}>{l.label}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </header>
  );
}

export default function SignedIn({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminHeader staff={loaderData} />
      <main id="main" className="admin-main" tabIndex={-1}>
        {loaderData.role ? (
          <Outlet />
        ) : (
          <>
            <h1>No access to this school</h1>
            <p>
              You are signed in as {loaderData.me.user.email}, but you are not on the staff of {loaderData.school.name}. Ask its
              administrator to invite you.
            </p>
          </>
        )}
      </main>
    </>
  );
}

const EXPLAINED: Record<number, { title: string; text: string }> = {
  403: {
    title: 'Not allowed',
    text: 'Your role does not give you access to this page. Ask your school\u2019s administrator if you need it.',
  },
  404: { title: 'Not found', text: 'This page or item does not exist (any more).' },
  503: {
    title: 'Server not reachable',
    text: 'The school server did not answer. Please try again in a moment; nothing you saved is lost.',
  },
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const staff = useRouteLoaderData('routes/admin/signed-in') as StaffData | undefined;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) ? (error.data as { message?: string } | undefined)?.message : undefined;
  const known = EXPLAINED[status] ?? { title: 'Something went wrong', text: 'This page could not be shown. Please try again in a moment.' };
  return (
    <>
      <AdminHeader staff={staff} />
      <main id="main" className="admin-main" tabIndex={-1}>
        <h1>{known.title}</h1>
        <p>{message || known.text}</p>
        <p>
          <Link to="/admin">Back to the dashboard</Link>
        </p>
      </main>
    </>
  );
}
