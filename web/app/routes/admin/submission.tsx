import { data, Form, Link, redirect, useNavigation, useRouteLoaderData } from 'react-router';
import { alumniFieldInWords } from '@sthsm/contract/alumni';
import { SUBMISSION_FIELDS, type Submission } from '@sthsm/contract/submissions';
import '../../styles/admin-submissions.css';
import type { Route } from './+types/submission';
import { ConfirmErase } from '../../components/admin/confirm-erase';
import { CsrfField, FormMessage } from '../../components/admin/fields';
import { adminApi, fail, schoolPath, type StaffContext } from '../../lib/staff/admin-api.server';
import { adminMeta } from '../../lib/staff/admin-meta';
import { staffTime, zoneLabel } from '../../lib/staff/admin-time';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Alumni submission', matches);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const answer = await adminApi<Submission>(request, `${schoolPath(request)}/submissions/${encodeURIComponent(params.id)}`);
  if (!answer.ok || !answer.data) fail(answer);
  const s = answer.data;
  // Class and profession codes in words (the form stores the list's value).
  const fields = SUBMISSION_FIELDS.map((f) => ({ label: f.label, value: alumniFieldInWords(f.key, s[f.key]) }));
  return { submission: s, fields };
}

interface Outcome {
  intent: string;
  error: string;
  success: string;
}

const outcome = (o: Outcome): Outcome => o;

export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const csrf = String(form.get('csrf') ?? '');
  const path = `${schoolPath(request)}/submissions/${encodeURIComponent(params.id)}`;
  const failed = (status: number, error: string) => data<Outcome>({ intent, error, success: '' }, { status: status || 503 });
  switch (intent) {
    case 'handled':
    case 'unhandled': {
      const answer = await adminApi<Submission>(request, `${path}/handled`, {
        method: 'PUT',
        body: { handled: intent === 'handled' },
        csrf,
      });
      if (!answer.ok) return failed(answer.status, answer.error);
      return outcome({ intent, error: '', success: intent === 'handled' ? 'Marked as handled.' : 'Marked as not handled yet.' });
    }
    case 'confirm-erase':
      return outcome({ intent, error: '', success: '' });
    case 'erase': {
      const answer = await adminApi<{ erased: number }>(request, `${schoolPath(request)}/submissions/erase`, {
        method: 'POST',
        body: { ids: [params.id] },
        csrf,
      });
      if (!answer.ok) return failed(answer.status, answer.error);
      return redirect('/admin/submissions?erased=1');
    }
    default:
      return failed(400, 'Unknown action.');
  }
}

export default function SubmissionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { submission: s, fields } = loaderData;
  const { timeZone } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <p>
        <Link to="/admin/submissions">All submissions</Link>
      </p>
      <h1>Submission of {s.name}</h1>
      <p>
        Received {staffTime(s.receivedAt, timeZone)} · {s.handledAt ? `handled ${staffTime(s.handledAt, timeZone)}` : 'not handled yet'} (
        {zoneLabel(timeZone)})
      </p>
      <FormMessage error={actionData?.error} success={actionData?.success} />
      {actionData?.intent === 'confirm-erase' ? (
        <ConfirmErase question={`Erase the submission of ${s.name} for good?`}>
          It is deleted now and is not brought back by restoring a backup. This cannot be undone.
        </ConfirmErase>
      ) : null}
      <dl className="admin-fields">
        {fields.map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd>{f.value || '—'}</dd>
          </div>
        ))}
      </dl>
      <Form method="post" className="admin-button-row">
        <CsrfField />
        {s.handledAt ? (
          <button className="btn btn--outline" type="submit" name="intent" value="unhandled" disabled={busy}>
            Mark as not handled
          </button>
        ) : (
          <button className="btn" type="submit" name="intent" value="handled" disabled={busy}>
            Mark handled
          </button>
        )}
        <button className="btn btn--danger" type="submit" name="intent" value="confirm-erase" disabled={busy}>
          Erase…
        </button>
      </Form>
    </>
  );
}
