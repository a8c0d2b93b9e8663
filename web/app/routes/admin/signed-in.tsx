import { Form, isRouteErrorResponse, Link, Outlet, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from 'react-router';
import { ROLE_LABELS } from '@sthsm/contract/staff-words';
import type { Route } from './+types/signed-in';
import { requireStaff } from '../../lib/staff/admin-api.server';
import { PhoneMenu, WideNav } from '../../components/admin/staff-menu';

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
  const role = staff?.role ?? null;
  const who = staff ? `${staff.me.user.name}${role ? `, ${ROLE_LABELS[role].toLowerCase()}` : ''}` : '';
  return (
    <header className="admin-header">
      <div className="admin-header-inner">
        <p className="admin-brand">
          <Link to="/admin">{staff?.school.name ?? 'Staff area'}</Link> <span>Staff area</span>
        </p>
        {staff ? (
          <>
            <PhoneMenu role={role} who={who} operator={staff.me.user.isOperator} />
            <Form method="post" action="/admin/sign-out" className="admin-signout">
              <input type="hidden" name="csrf" value={staff.me.csrfToken} />
              <span className="admin-who">{who}</span>
              <button type="submit" className="btn btn--light">
                Sign out
              </button>
            </Form>
            <WideNav role={role} operator={staff.me.user.isOperator} />
          </>
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
