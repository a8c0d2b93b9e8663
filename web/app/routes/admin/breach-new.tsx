import { Link, redirect, useRouteLoaderData } from 'react-router';
import '../../styles/admin-breaches.css';
import type { Route } from './+types/breach-new';
import { BreachForm, breachValuesOf, type BreachOutcome } from '../../components/admin/breach-form';
import { keptTextKey } from '../../components/admin/kept-text';
import { adminApi, fail, schoolPath, type StaffContext } from '../../lib/staff/admin-api.server';
import { adminMeta } from '../../lib/staff/admin-meta';
import { saveBreach } from '../../lib/staff/breaches.server';

// Record a breach (issue 37): the form of the facts; saving opens the record with its clock and drafts.

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Record a breach', matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  // Administrators only: the API refuses anyone else the register, so the page says so before anything is typed.
  const answer = await adminApi(request, `${schoolPath(request)}/breaches`);
  if (!answer.ok) fail(answer);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const values = breachValuesOf(form);
  const saved = await saveBreach(
    request,
    { path: `${schoolPath(request)}/breaches`, method: 'POST' },
    values,
    String(form.get('csrf') ?? ''),
  );
  if ('refused' in saved) return saved.refused;
  return redirect(`/admin/breaches/${encodeURIComponent(saved.saved.breach.id)}?recorded=1`);
}

export default function NewBreach({ actionData }: Route.ComponentProps) {
  const { timeZone, school } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const outcome = actionData as BreachOutcome | undefined;
  return (
    <>
      <p>
        <Link to="/admin/breaches">All breaches</Link>
      </p>
      <h1>Record a breach</h1>
      <p>
        Write down what is known now; you can add to it as you learn more. Only what happened and when the school became aware of it are
        needed to start.
      </p>
      <BreachForm
        values={outcome?.values ?? {}}
        outcome={outcome}
        timeZone={timeZone}
        button="Record the breach"
        kept={{ key: keptTextKey(school.code, 'breaches', 'new'), answer: outcome }}
      />
    </>
  );
}
