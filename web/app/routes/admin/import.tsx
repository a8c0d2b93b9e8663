import { useEffect } from 'react';
import { data, Form, Link, redirect, useNavigation, useRevalidator } from 'react-router';
import type { Route } from './+types/import';
import { CsrfField, FormMessage } from '../../components/admin/fields';
import { adminApi, fail, schoolPath } from '../../lib/staff/admin-api.server';
import { adminMeta } from '../../lib/staff/admin-meta';

// Moving in (OPERATIONS.md "Moving in", docs/api.md "Moving in"): an administrator gives the address
// of the site's current provider API, looks at a dry run, then imports; the page shows the run's
// progress (refreshing itself, or by its Refresh link without JavaScript) and then its report.

interface ImportRun {
  id: string;
  from: string;
  dryRun: boolean;
  state: 'running' | 'finished' | 'failed';
  done: number;
  total: number;
  lines: string[];
  summary: string | null;
  failed: number;
}

/** How often the page asks for progress while a run is under way. */
const POLL_MS = 2000;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Move in from your current site', matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  const answer = await adminApi<{ run: ImportRun | null }>(request, `${schoolPath(request)}/import`);
  if (!answer.ok || !answer.data) fail(answer);
  return { run: answer.data.run };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const from = String(form.get('from') ?? '').trim();
  const intent = String(form.get('intent') ?? '');
  if (intent !== 'dry-run' && intent !== 'import') return data({ error: 'Unknown action.', from }, { status: 400 });
  const answer = await adminApi<{ run: ImportRun }>(request, `${schoolPath(request)}/import`, {
    method: 'POST',
    body: { from, dryRun: intent === 'dry-run' },
    csrf: String(form.get('csrf') ?? ''),
  });
  if (!answer.ok) return data({ error: answer.error, from }, { status: answer.status || 503 });
  return redirect('/admin/import');
}

function Progress({ run }: { run: ImportRun }) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    const timer = setTimeout(() => {
      if (state === 'idle') void revalidate();
    }, POLL_MS);
    return () => clearTimeout(timer);
  });
  return (
    <section className="admin-section" aria-labelledby="import-progress">
      <h2 id="import-progress">{run.dryRun ? 'Dry run under way' : 'Import under way'}</h2>
      <output className="admin-alert admin-alert--ok">
        {run.total === 0 ? 'Reading the lists of the current site…' : `${run.done} of ${run.total} items handled.`}
      </output>
      {run.total > 0 ? <progress max={run.total} value={run.done} aria-label="Items handled" /> : null}
      <p>
        You can leave this page: the {run.dryRun ? 'dry run' : 'import'} goes on. <Link to="/admin/import">Refresh</Link>
      </p>
    </section>
  );
}

function Report({ run }: { run: ImportRun }) {
  const body = run.lines.slice(0, -1);
  return (
    <section className="admin-section" aria-labelledby="import-report">
      <h2 id="import-report">{run.dryRun ? 'What the import would bring' : 'What the import brought'}</h2>
      <p>
        From <strong>{run.from}</strong>
      </p>
      <output className={`admin-alert ${run.failed > 0 ? 'admin-alert--error' : 'admin-alert--ok'}`}>{run.summary}</output>
      {body.length > 0 ? (
        <ul className="admin-person-list">
          {body.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      ) : null}
      {run.dryRun ? null : (
        <p>
          The report is kept in the <Link to="/admin/audit">audit log</Link>.
        </p>
      )}
    </section>
  );
}

export default function Import({ loaderData, actionData }: Route.ComponentProps) {
  const { run } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const running = run?.state === 'running';
  const from = actionData?.from ?? run?.from ?? '';
  // The import itself is offered after a finished dry run of the address.
  const dryRunDone = run?.state === 'finished' && run.dryRun;
  return (
    <>
      <h1>Move in from your current site</h1>
      <p>
        Bring the news, events, albums, videos, toppers, birthdays, notifications, announcements and the principal&rsquo;s message of the
        school&rsquo;s current website here, with every photo and PDF. Give the address of its data API (the provider can tell you; it
        usually ends in <code>/api</code>). First a dry run shows what would come; nothing is written until you import. Running the import
        again later brings only what changed there, and never overwrites what you edited here.
      </p>
      <FormMessage error={actionData?.error} />
      <Form method="post" className="admin-form">
        <CsrfField />
        <div className="field">
          <label htmlFor="import-from">Source address</label>
          <input
            id="import-from"
            name="from"
            type="url"
            inputMode="url"
            required
            defaultValue={from}
            placeholder="https://provider.example/api"
            aria-describedby="import-from-hint"
            autoComplete="off"
          />
          <p className="field-hint" id="import-from-hint">
            A public internet address starting with https://.
          </p>
        </div>
        <div className="admin-button-row">
          <button
            className={dryRunDone ? 'btn btn--outline' : 'btn'}
            type="submit"
            name="intent"
            value="dry-run"
            disabled={busy || running}
          >
            Dry run
          </button>
          {dryRunDone ? (
            <button className="btn" type="submit" name="intent" value="import" disabled={busy || running}>
              Import
            </button>
          ) : null}
        </div>
      </Form>
      {run?.state === 'running' ? <Progress run={run} /> : null}
      {run?.state === 'finished' ? <Report run={run} /> : null}
      {run?.state === 'failed' ? <FormMessage error={run.lines[0] ?? 'The import stopped.'} /> : null}
    </>
  );
}
