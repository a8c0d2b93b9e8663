import { data, Form, Link, useNavigation, useRouteLoaderData } from 'react-router';
import {
  HANDLED_FILTERS,
  MAX_RETENTION_MONTHS,
  MIN_RETENTION_MONTHS,
  type HandledFilterName,
  type Submission,
} from '@sthsm/contract/submissions';
import '../../styles/admin-submissions.css';
import type { Route } from './+types/submissions';
import { ConfirmErase } from '../../components/admin/confirm-erase';
import { CsrfField, FormMessage } from '../../components/admin/fields';
import { DownloadWithProgress } from '../../components/admin/download-progress';
import { adminApi, fail, schoolPath, type StaffContext } from '../../lib/staff/admin-api.server';
import { adminMeta } from '../../lib/staff/admin-meta';
import { staffTime, zoneLabel } from '../../lib/staff/admin-time';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Alumni submissions', matches);
}

const STATUS_LABELS: Record<HandledFilterName, string> = { all: 'All', unhandled: 'Not handled yet', handled: 'Handled' };

function filtersOf(url: URL): { q: string; status: HandledFilterName } {
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  const status = url.searchParams.get('status') ?? 'all';
  return { q, status: (HANDLED_FILTERS as readonly string[]).includes(status) ? (status as HandledFilterName) : 'all' };
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = filtersOf(url);
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const query = new URLSearchParams({ status: filters.status, page: String(page) });
  if (filters.q) query.set('q', filters.q);
  const answer = await adminApi<{ items: Submission[]; total: number; page: number; pageSize: number; retentionMonths: number }>(
    request,
    `${schoolPath(request)}/submissions?${query}`,
  );
  if (!answer.ok || !answer.data) fail(answer);
  const { items, total, pageSize, retentionMonths } = answer.data;
  const erased = Number(url.searchParams.get('erased'));
  return {
    items,
    total,
    page,
    pages: Math.max(1, Math.ceil(total / pageSize)),
    filters,
    retentionMonths,
    notice: Number.isInteger(erased) && erased > 0 ? `${erased} ${erased === 1 ? 'submission was' : 'submissions were'} erased.` : '',
  };
}

interface Outcome {
  intent: string;
  error: string;
  success: string;
  /** Asked to erase these: the page shows the confirmation. */
  confirm?: { ids: string[] };
  retention?: string;
}

const outcome = (o: Outcome): Outcome => o;
const failed = (intentName: string, status: number, error: string, more: Partial<Outcome> = {}) =>
  data<Outcome>({ intent: intentName, error, success: '', ...more }, { status: status || 503 });

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const csrf = String(form.get('csrf') ?? '');
  const ids = form.getAll('ids').map(String).filter(Boolean).slice(0, 500);
  const base = schoolPath(request);
  switch (intent) {
    case 'confirm-erase':
      if (ids.length === 0) return failed(intent, 400, 'Choose the submissions to erase first: tick their boxes.');
      return outcome({ intent, error: '', success: '', confirm: { ids } });
    case 'erase': {
      if (ids.length === 0) return failed(intent, 400, 'Choose the submissions to erase first: tick their boxes.');
      const answer = await adminApi<{ erased: number }>(request, `${base}/submissions/erase`, { method: 'POST', body: { ids }, csrf });
      if (!answer.ok || !answer.data) return failed(intent, answer.status, answer.error);
      const n = answer.data.erased;
      return outcome({ intent, error: '', success: `${n} ${n === 1 ? 'submission was' : 'submissions were'} erased for good.` });
    }
    case 'retention': {
      const raw = String(form.get('retentionMonths') ?? '').trim();
      const answer = await adminApi<{ retentionMonths: number }>(request, `${base}/privacy`, {
        method: 'PUT',
        body: { retentionMonths: raw === '' ? Number.NaN : Number(raw) },
        csrf,
      });
      if (!answer.ok || !answer.data) return failed(intent, answer.status, answer.error, { retention: raw });
      const m = answer.data.retentionMonths;
      return outcome({
        intent,
        error: '',
        success: `Saved. Submissions older than ${m} ${m === 1 ? 'month' : 'months'} are now erased automatically.`,
      });
    }
    default:
      return failed(intent, 400, 'Unknown action.');
  }
}

export default function Submissions({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pages, filters, retentionMonths, notice } = loaderData;
  const { timeZone } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const busy = useNavigation().state === 'submitting';
  const params = (more: Record<string, string>) => {
    const q = new URLSearchParams();
    if (filters.q) q.set('q', filters.q);
    if (filters.status !== 'all') q.set('status', filters.status);
    for (const [k, v] of Object.entries(more)) q.set(k, v);
    const text = q.toString();
    return text ? `?${text}` : '';
  };
  const here = `/admin/submissions${params(page > 1 ? { page: String(page) } : {})}`;
  const confirm = actionData?.confirm;
  const retentionOutcome = actionData?.intent === 'retention' ? actionData : undefined;
  const listOutcome = actionData && actionData.intent !== 'retention' && !confirm ? actionData : undefined;
  return (
    <>
      <h1>Alumni submissions</h1>
      <p>
        Registrations sent with the alumni form. They hold people&rsquo;s contact details: open them only to reply, and erase what you no
        longer need. Every look, export and erasure is recorded in the audit log.
      </p>
      <p>
        <Link to="/admin/person">A person&rsquo;s request: find, export or erase everything about one e-mail address or mobile number</Link>
      </p>
      {/* The notice the page was opened with goes once anything is answered (as on a child's page). */}
      <FormMessage error={listOutcome?.error} success={actionData ? listOutcome?.success : notice} />
      {confirm ? (
        <ConfirmErase
          question={`Erase ${confirm.ids.length} ${confirm.ids.length === 1 ? 'submission' : 'submissions'} for good?`}
          back={here}
          fields={confirm.ids.map((id) => ['ids', id] as const)}
        >
          They are deleted now and are not brought back by restoring a backup. This cannot be undone.
        </ConfirmErase>
      ) : null}

      <Form method="get" className="admin-filters" aria-label="Search the submissions">
        <div className="field">
          <label htmlFor="s-q">Search</label>
          <input id="s-q" name="q" type="search" defaultValue={filters.q} maxLength={200} aria-describedby="s-q-hint" />
          <p className="field-hint" id="s-q-hint">
            Name, email, mobile, location or ward&rsquo;s name
          </p>
        </div>
        <div className="field">
          <label htmlFor="s-status">Show</label>
          <select id="s-status" name="status" defaultValue={filters.status}>
            {HANDLED_FILTERS.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-button-row">
          <button className="btn" type="submit">
            Search
          </button>
          <Link className="btn btn--outline" to="/admin/submissions">
            Clear
          </Link>
        </div>
      </Form>
      <DownloadWithProgress
        href={`/admin/submissions.csv${params({})}`}
        label="Download CSV"
        fileName="submissions.csv"
        unit="submissions"
      />

      <p>
        <output>
          {total} {total === 1 ? 'submission' : 'submissions'}
          {pages > 1 ? `, page ${page} of ${pages}` : ''}.
        </output>
      </p>
      {items.length > 0 ? (
        <Form method="post" aria-label="Choose submissions">
          <CsrfField />
          {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled by keyboard */}
          <section className="admin-table-wrap" tabIndex={0} aria-label="Submissions">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Choose</span>
                  </th>
                  <th scope="col">Received ({zoneLabel(timeZone)})</th>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Mobile</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {items.map((s) => (
                  <tr key={s.id}>
                    <td>
                      <input
                        type="checkbox"
                        name="ids"
                        value={s.id}
                        id={`pick-${s.id}`}
                        aria-label={`Choose ${s.name}`}
                        defaultChecked={confirm?.ids.includes(s.id)}
                      />
                    </td>
                    <td>{staffTime(s.receivedAt, timeZone)}</td>
                    <td>
                      <Link to={`/admin/submissions/${s.id}`}>{s.name}</Link>
                    </td>
                    <td>{s.email}</td>
                    <td>{s.phone}</td>
                    <td>{s.handledAt ? 'Handled' : 'Not handled yet'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <div className="admin-button-row">
            <button className="btn btn--danger" type="submit" name="intent" value="confirm-erase" disabled={busy}>
              Erase chosen…
            </button>
          </div>
        </Form>
      ) : (
        <p>{filters.q || filters.status !== 'all' ? 'No submission matches.' : 'No submissions yet.'}</p>
      )}
      {pages > 1 ? (
        <nav aria-label="Submission pages" className="admin-pager">
          {page > 1 ? <Link to={params({ page: String(page - 1) }) || '?'}>Newer submissions</Link> : <span />}
          {page < pages ? <Link to={params({ page: String(page + 1) })}>Older submissions</Link> : null}
        </nav>
      ) : null}

      <section aria-labelledby="retention-heading" className="admin-section">
        <h2 id="retention-heading">How long submissions are kept</h2>
        <FormMessage error={retentionOutcome?.error} success={retentionOutcome?.success} />
        <Form method="post" className="admin-form">
          <CsrfField />
          <div className={`field${retentionOutcome?.error ? ' field--invalid' : ''}`}>
            <label htmlFor="retention-months">Keep submissions for (months)</label>
            <p className="field-hint" id="retention-hint">
              Older submissions are erased automatically every hour. {MIN_RETENTION_MONTHS} to {MAX_RETENTION_MONTHS} months; the privacy
              notice on the website tells visitors this period.
            </p>
            <input
              id="retention-months"
              name="retentionMonths"
              type="number"
              inputMode="numeric"
              min={MIN_RETENTION_MONTHS}
              max={MAX_RETENTION_MONTHS}
              step={1}
              required
              defaultValue={retentionOutcome?.retention ?? String(retentionMonths)}
              key={retentionOutcome?.success ?? 'retention'}
              aria-describedby="retention-hint"
              aria-invalid={retentionOutcome?.error ? true : undefined}
            />
          </div>
          <button className="btn btn--outline" type="submit" name="intent" value="retention" disabled={busy}>
            Save retention period
          </button>
        </Form>
      </section>
    </>
  );
}
