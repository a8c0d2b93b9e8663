import { redirect } from 'react-router';
import type { Route } from './+types/sign-out';
import { adminApi, formValues, relayCookies } from '../../lib/staff/admin-api.server';
import { currentSchool } from '../../lib/school.server';

/** Nothing to show: a GET goes back to the staff area. */
export async function loader() {
  return redirect('/admin');
}

/** STAFF.md: "Sign out" ends the session on the server, then the sign-in page. */
export async function action({ request }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const answer = await adminApi(request, `/session?school=${encodeURIComponent(currentSchool(request))}`, {
    method: 'DELETE',
    csrf: values.csrf ?? '',
  });
  if (!answer.ok && answer.status !== 401) {
    throw new Response(answer.error, { status: answer.status || 503 });
  }
  return redirect('/admin/login', { headers: relayCookies(answer) });
}
