import { data, Form, Link, useNavigation, useRouteLoaderData } from 'react-router';
import { rightsKindWords, type RightsRequestDetail } from '@sthsm/contract/rights-requests';
import { SUBMISSION_FIELDS, type Submission } from '@sthsm/contract/submissions';
import '../../styles/admin-submissions.css';
import type { Route } from './+types/request';
import { ConfirmErase } from '../../components/admin/confirm-erase';
import { CsrfField, FormMessage } from '../../components/admin/fields';
import { adminApi, fail, schoolPath, type StaffContext } from '../../lib/staff/admin-api.server';
import { adminMeta } from '../../lib/staff/admin-meta';
import { staffTime } from '../../lib/staff/admin-time';
import { statusWords } from './requests';

// One request about personal data (issue 37): what the person asked, the data found for their
// e-mail address, mobile number and child (the person look-up of issue 16), and the actions —
// export, erase (asked first), correct a submission, mark done or refuse with a reason (the person
// is e-mailed). Plain forms: everything works before hydration (docs/decisions/0143).

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('A request about personal data', matches);
}

interface Found {
  submissions: Submission[];
  subscriptions: Array<{ id: string; email: string; topics: string[]; frequency: string | null; status: string; createdAt: string }>;
  children: Array<{ id: string; name: string; class: string; consents: string[] }>;
  auditEntries: Array<{ id: string; at: string; actor: string | null; action: string; target: string | null }>;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const answer = await adminApi<{ request: RightsRequestDetail; found: Found }>(
    request,
    `${schoolPath(request)}/requests/${encodeURIComponent(params.id)}`,
  );
  if (!answer.ok || !answer.data) fail(answer);
  return answer.data;
}

interface Outcome {
  intent: string;
  error: string;
  success: string;
  errors?: Record<string, string>;
  submissionId?: string;
}

const outcome = (o: Outcome): Outcome => o;

export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const csrf = String(form.get('csrf') ?? '');
  const base = `${schoolPath(request)}/requests/${encodeURIComponent(params.id)}`;
  const failed = (answer: { error: string; status: number }, more: Partial<Outcome> = {}) =>
    data<Outcome>({ intent, error: answer.error, success: '', ...more }, { status: answer.status || 503 });
  if (intent === 'confirm-erase') return outcome({ intent, error: '', success: '' });
  if (intent === 'erase') {
    const answer = await adminApi<{ submissions: number; subscriptions: number }>(request, `${base}/erase`, {
      method: 'POST',
      body: {},
      csrf,
    });
    if (!answer.ok || !answer.data) return failed(answer);
    const { submissions: s, subscriptions: n } = answer.data;
    return outcome({
      intent,
      error: '',
      success: `Erased for good: ${s} ${s === 1 ? 'submission' : 'submissions'} and ${n} ${n === 1 ? 'subscription' : 'subscriptions'}.`,
    });
  }
  if (intent === 'correct') {
    const submissionId = String(form.get('submissionId') ?? '');
    const changes: Record<string, string> = {};
    for (const f of SUBMISSION_FIELDS) {
      const value = form.get(f.key);
      if (typeof value === 'string') changes[f.key] = value;
    }
    const answer = await adminApi<Submission>(request, `${base}/correct`, { method: 'POST', body: { submissionId, changes }, csrf });
    if (!answer.ok) return failed(answer, { submissionId });
    return outcome({ intent, error: '', success: 'The submission is corrected.', submissionId });
  }
  if (intent === 'refuse' && !String(form.get('reason') ?? '').trim()) {
    // Said beside the field (and at the top): the API would answer the same 400 in fewer words.
    const error = 'Give the reason for refusing: the person is told it.';
    return data<Outcome>({ intent, error, success: '', errors: { reason: error } }, { status: 400 });
  }
  if (intent === 'done' || intent === 'refuse') {
    const body = intent === 'done' ? { outcome: 'done' } : { outcome: 'refused', reason: String(form.get('reason') ?? '') };
    const answer = await adminApi<{ mailed: boolean }>(request, `${base}/close`, { method: 'POST', body, csrf });
    if (!answer.ok || !answer.data) return failed(answer);
    const told = answer.data.mailed
      ? ' The person was told by e-mail.'
      : ' The e-mail to the person could not be sent: please tell them yourself.';
    return outcome({ intent, error: '', success: `${intent === 'done' ? 'Marked done.' : 'Refused.'}${told}` });
  }
  return data<Outcome>({ intent, error: 'Unknown action.', success: '' }, { status: 400 });
}

function CorrectSubmission({ s, open, errors }: { s: Submission; open: boolean; errors: Record<string, string> | undefined }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <details open={open}>
      <summary>Correct this submission</summary>
      <Form method="post" className="admin-form">
        <CsrfField />
        <input type="hidden" name="submissionId" value={s.id} />
        {SUBMISSION_FIELDS.map((f) => {
          const id = `c-${s.id}-${f.key}`;
          const error = errors?.[f.key];
          return (
            <div className={`field${error ? ' field--invalid' : ''}`} key={f.key}>
              <label htmlFor={id}>{f.label}</label>
              <input
                id={id}
                name={f.key}
                defaultValue={s[f.key]}
                maxLength={500}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
              />
              {error ? (
                <p className="field-error" id={`${id}-error`}>
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        <div className="admin-button-row">
          <button className="btn" type="submit" name="intent" value="correct" disabled={busy}>
            Save the correction
          </button>
        </div>
      </Form>
    </details>
  );
}

export default function Request({ loaderData, actionData }: Route.ComponentProps) {
  const { request: r, found } = loaderData;
  const { timeZone } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const busy = useNavigation().state === 'submitting';
  const open = r.status === 'open';
  const reasonError = actionData?.intent === 'refuse' ? actionData.errors?.reason : undefined;
  const title = rightsKindWords(r.kind).replace(/^./, (c) => c.toUpperCase());
  return (
    <>
      <p>
        <Link to="/admin/requests">Requests about personal data</Link>
      </p>
      <h1>
        {title}
        {r.about === 'child' ? ' about a child' : ''}
      </h1>
      <FormMessage error={actionData?.error} success={actionData?.success} />
      {actionData?.intent === 'confirm-erase' && open ? (
        <ConfirmErase
          question={`Erase ${found.submissions.length} ${found.submissions.length === 1 ? 'submission' : 'submissions'} and ${found.subscriptions.length} ${found.subscriptions.length === 1 ? 'subscription' : 'subscriptions'} for good?`}
        >
          They are deleted now and are not brought back by restoring a backup. This cannot be undone.
        </ConfirmErase>
      ) : null}
      <dl className="admin-details">
        <dt>Status</dt>
        <dd>{r.overdue ? <strong>{statusWords(r)}</strong> : statusWords(r)}</dd>
        <dt>Received</dt>
        <dd>{staffTime(r.receivedAt, timeZone)}</dd>
        <dt>Due</dt>
        <dd>{staffTime(r.dueAt, timeZone)}</dd>
        {r.closedAt ? (
          <>
            <dt>Closed</dt>
            <dd>{staffTime(r.closedAt, timeZone)}</dd>
          </>
        ) : null}
        {r.reason ? (
          <>
            <dt>Reason given</dt>
            <dd>{r.reason}</dd>
          </>
        ) : null}
        <dt>Name</dt>
        <dd>{r.name}</dd>
        <dt>Email</dt>
        <dd>{r.email}</dd>
        <dt>Mobile</dt>
        <dd>{r.phone || 'Not given'}</dd>
        {r.about === 'child' ? (
          <>
            <dt>Child</dt>
            <dd>
              {r.childName}, class {r.childClass}
            </dd>
          </>
        ) : null}
        {r.correction ? (
          <>
            <dt>What should be corrected</dt>
            <dd className="admin-pre">{r.correction}</dd>
          </>
        ) : null}
      </dl>

      <h2>The data found</h2>
      <section aria-labelledby="found-subs" className="admin-section">
        <h3 id="found-subs">Alumni submissions ({found.submissions.length})</h3>
        {found.submissions.length === 0 ? (
          <p>No alumni submission has their e-mail address or mobile number.</p>
        ) : (
          <ul className="admin-person-list">
            {found.submissions.map((s) => (
              <li key={s.id}>
                <Link to={`/admin/submissions/${s.id}`}>
                  {s.name}, received {staffTime(s.receivedAt, timeZone)}
                </Link>{' '}
                — {s.email}, {s.phone}, {s.location}
                {open ? (
                  <CorrectSubmission
                    s={s}
                    open={actionData?.intent === 'correct' && actionData.submissionId === s.id && Boolean(actionData.error)}
                    errors={actionData?.submissionId === s.id ? actionData.errors : undefined}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="found-subscriptions" className="admin-section">
        <h3 id="found-subscriptions">E-mail subscriptions ({found.subscriptions.length})</h3>
        {found.subscriptions.length > 0 ? (
          <ul className="admin-person-list">
            {found.subscriptions.map((s) => (
              <li key={s.id}>
                {s.email}: {s.topics.join(', ')}
                {s.frequency ? `, ${s.frequency}` : ''} ({s.status === 'active' ? 'confirmed' : 'not confirmed'}, since{' '}
                {staffTime(s.createdAt, timeZone)})
              </li>
            ))}
          </ul>
        ) : (
          <p>No subscription has their e-mail address.</p>
        )}
      </section>
      {r.about === 'child' ? (
        <section aria-labelledby="found-children" className="admin-section">
          <h3 id="found-children">Children in the consent register ({found.children.length})</h3>
          {found.children.length > 0 ? (
            <>
              <ul className="admin-person-list">
                {found.children.map((c) => (
                  <li key={c.id}>
                    <Link to={`/admin/children/${c.id}`}>
                      {c.name}, class {c.class}
                    </Link>
                    {c.consents.length ? ` — consent for ${c.consents.join(', ')}` : ' — no consent in effect'}
                  </li>
                ))}
              </ul>
              <p className="admin-aside">
                To take a child off the site, open them in the consent register and withdraw the consent; to erase their record, open them
                and choose Erase this child&rsquo;s record.
              </p>
            </>
          ) : (
            <p>No child of that name and class is in the consent register.</p>
          )}
        </section>
      ) : null}
      <section aria-labelledby="found-audit" className="admin-section">
        <h3 id="found-audit">Audit log entries naming them ({found.auditEntries.length})</h3>
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

      <h2>Actions</h2>
      <div className="admin-button-row">
        <a className="btn btn--outline" href={`/admin/requests/${r.id}/export?format=json`} download>
          Export as JSON
        </a>
        <a className="btn btn--outline" href={`/admin/requests/${r.id}/export?format=csv`} download>
          Export as CSV
        </a>
        {open && found.submissions.length + found.subscriptions.length > 0 ? (
          <Form method="post">
            <CsrfField />
            <button className="btn btn--danger" type="submit" name="intent" value="confirm-erase" disabled={busy}>
              Erase their data…
            </button>
          </Form>
        ) : null}
      </div>
      {open ? (
        <section aria-labelledby="close-heading" className="admin-section">
          <h3 id="close-heading">Close the request</h3>
          <p>The person is told by e-mail.</p>
          <Form method="post" className="admin-button-row">
            <CsrfField />
            <button className="btn" type="submit" name="intent" value="done" disabled={busy}>
              Mark done
            </button>
          </Form>
          <Form method="post" className="admin-form">
            <CsrfField />
            <div className={`field${reasonError ? ' field--invalid' : ''}`}>
              <label htmlFor="refuse-reason">Reason for refusing</label>
              <p className="field-hint" id="refuse-reason-hint">
                The person is sent these words.
              </p>
              <textarea
                id="refuse-reason"
                name="reason"
                rows={3}
                maxLength={1000}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={`refuse-reason-hint${reasonError ? ' refuse-reason-error' : ''}`}
              />
              {reasonError ? (
                <p className="field-error" id="refuse-reason-error">
                  {reasonError}
                </p>
              ) : null}
            </div>
            <div className="admin-button-row">
              <button className="btn btn--outline" type="submit" name="intent" value="refuse" disabled={busy}>
                Refuse with this reason
              </button>
            </div>
          </Form>
        </section>
      ) : null}
    </>
  );
}
