import { data, Form, Link, useNavigation, useRouteLoaderData } from 'react-router';
import type { Submission } from '@sthsm/contract/submissions';
import '../../styles/admin-submissions.css';
import type { Route } from './+types/person';
import { ConfirmErase } from '../../components/admin/confirm-erase';
import { CsrfField, FormMessage } from '../../components/admin/fields';
import { adminApi, fail, schoolPath, type StaffContext } from '../../lib/staff/admin-api.server';
import { adminMeta } from '../../lib/staff/admin-meta';
import { staffTime } from '../../lib/staff/admin-time';

// A person's request (issue 16): everything stored about one e-mail address or mobile number on
// one screen, exported as CSV or JSON, and their submissions erased in one action.

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('A person\u2019s request', matches);
}

interface PersonAuditEntry {
  id: string;
  at: string;
  actor: string | null;
  action: string;
  target: string | null;
}

function keyOf(url: URL | FormData): { email: string; phone: string } {
  const get = (name: string) => {
    const value = url instanceof URL ? url.searchParams.get(name) : url.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  return { email: get('email').slice(0, 254), phone: get('phone').slice(0, 30) };
}

const queryOf = (key: { email: string; phone: string }) => {
  const q = new URLSearchParams();
  if (key.email) q.set('email', key.email);
  if (key.phone) q.set('phone', key.phone);
  return q;
};

export async function loader({ request }: Route.LoaderArgs) {
  const key = keyOf(new URL(request.url));
  if (!key.email && !key.phone) return { key, found: null, error: '' };
  const answer = await adminApi<{ submissions: Submission[]; auditEntries: PersonAuditEntry[] }>(
    request,
    `${schoolPath(request)}/person?${queryOf(key)}`,
  );
  if (answer.status === 400) return { key, found: null, error: answer.error };
  if (!answer.ok || !answer.data) fail(answer);
  return { key, found: answer.data, error: '' };
}

interface Outcome {
  intent: string;
  error: string;
  success: string;
}

const outcome = (o: Outcome): Outcome => o;

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const key = keyOf(form);
  const body = key.email ? { email: key.email } : { phone: key.phone };
  if (intent === 'confirm-erase') return outcome({ intent, error: '', success: '' });
  if (intent !== 'erase') return data<Outcome>({ intent, error: 'Unknown action.', success: '' }, { status: 400 });
  const answer = await adminApi<{ erased: number }>(request, `${schoolPath(request)}/person/erase`, {
    method: 'POST',
    body,
    csrf: String(form.get('csrf') ?? ''),
  });
  if (!answer.ok || !answer.data) return data<Outcome>({ intent, error: answer.error, success: '' }, { status: answer.status || 503 });
  const n = answer.data.erased;
  return outcome({ intent, error: '', success: `${n} ${n === 1 ? 'submission was' : 'submissions were'} erased for good.` });
}

export default function Person({ loaderData, actionData }: Route.ComponentProps) {
  const { key, found, error } = loaderData;
  const { timeZone } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const busy = useNavigation().state === 'submitting';
  const who = key.email || key.phone;
  const exportHref = (format: 'csv' | 'json') => `/admin/person/export?${queryOf(key)}&format=${format}`;
  return (
    <>
      <p>
        <Link to="/admin/submissions">Alumni submissions</Link>
      </p>
      <h1>A person&rsquo;s request</h1>
      <p>
        When someone asks what the school holds about them, or asks for it to be erased: find everything stored about their e-mail address
        or mobile number, give them a copy, and erase their submissions. Each step is recorded in the audit log without their details.
      </p>
      <Form method="get" className="admin-filters" aria-label="Find a person">
        <div className="field">
          <label htmlFor="p-email">Email</label>
          <input id="p-email" name="email" type="email" defaultValue={key.email} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="p-phone">Mobile number</label>
          <input id="p-phone" name="phone" type="tel" defaultValue={key.phone} autoComplete="off" aria-describedby="p-phone-hint" />
          <p className="field-hint" id="p-phone-hint">
            Fill in one of the two.
          </p>
        </div>
        <div className="admin-button-row">
          <button className="btn" type="submit">
            Find
          </button>
        </div>
      </Form>
      <FormMessage error={error || actionData?.error} success={actionData?.success} />
      {found ? (
        <>
          {actionData?.intent === 'confirm-erase' && found.submissions.length > 0 ? (
            <ConfirmErase
              question={`Erase ${found.submissions.length} ${found.submissions.length === 1 ? 'submission' : 'submissions'} of ${who} for good?`}
              back={`?${queryOf(key)}`}
              fields={[
                ['email', key.email],
                ['phone', key.phone],
              ]}
            >
              They are deleted now and are not brought back by restoring a backup. This cannot be undone.
            </ConfirmErase>
          ) : null}
          <section aria-labelledby="found-subs" className="admin-section">
            <h2 id="found-subs">Alumni submissions ({found.submissions.length})</h2>
            {found.submissions.length === 0 ? (
              <p>No alumni submission has this {key.email ? 'e-mail address' : 'mobile number'}.</p>
            ) : (
              <ul className="admin-person-list">
                {found.submissions.map((s) => (
                  <li key={s.id}>
                    <Link to={`/admin/submissions/${s.id}`}>
                      {s.name}, received {staffTime(s.receivedAt, timeZone)}
                    </Link>{' '}
                    — {s.email}, {s.phone}, {s.location}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="found-audit" className="admin-section">
            <h2 id="found-audit">Audit log entries naming them ({found.auditEntries.length})</h2>
            <p className="admin-aside">The audit log is kept as a record of what staff did; it is exported but not erased.</p>
            {found.auditEntries.length > 0 ? (
              <ul className="admin-person-list">
                {found.auditEntries.map((e) => (
                  <li key={e.id}>
                    {staffTime(e.at, timeZone)}: {e.action}
                    {e.target ? ` — ${e.target}` : ''}
                    {e.actor ? ` (by ${e.actor})` : ''}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
          <div className="admin-button-row">
            <a className="btn btn--outline" href={exportHref('csv')} download>
              Export as CSV
            </a>
            <a className="btn btn--outline" href={exportHref('json')} download>
              Export as JSON
            </a>
            {found.submissions.length > 0 ? (
              <Form method="post">
                <CsrfField />
                <input type="hidden" name="email" value={key.email} />
                <input type="hidden" name="phone" value={key.phone} />
                <button className="btn btn--danger" type="submit" name="intent" value="confirm-erase" disabled={busy}>
                  Erase their submissions…
                </button>
              </Form>
            ) : null}
          </div>
        </>
      ) : null}
    </>
  );
}
