import { useEffect, useRef } from 'react';
import { data, Form, Link, redirect, useRouteLoaderData } from 'react-router';
import {
  checkTopperRows,
  parseTopperPaste,
  rowProblemLines,
  topperBatchBody,
  topperRowFields,
  type PastedRow,
  type RowProblem,
} from '@sthsm/contract/toppers-paste';
import { fieldErrors } from '@sthsm/contract/staff';
import '../../styles/admin-paste.css';
import type { Route } from './+types/toppers-paste';
import { KeptTextNote } from '../../components/admin/editor-parts';
import { CsrfField, EditField } from '../../components/admin/fields';
import { keptTextKey, useKeptText } from '../../components/admin/kept-text';
import { useChangedForm } from '../../components/admin/unsaved-changes';
import { adminApi, formValues, refusedSave, schoolPath, type StaffContext } from '../../lib/staff/admin-api.server';
import { adminMeta } from '../../lib/staff/admin-meta';

// Results day (issue 30, item 8; STAFF.md /admin/toppers): the toppers of a session pasted from a
// spreadsheet. Preview reads the pasted rows (tabs from Excel or Google Sheets, or commas) and
// checks each with a single topper's rules (@sthsm/contract/toppers-paste), naming every wrong row;
// "Add N toppers" sends the rows the preview showed to POST /api/admin/{code}/toppers/batch, which
// checks them again with the same rules and creates all of them or none. Plain form posts: both
// steps work without JavaScript (docs/decisions/0128).

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Paste toppers', matches);
}

const FIELDS = ['rows', 'sessionYear', 'publishAt', 'status'] as const;
const NOT_SAVED = 'Nothing was saved.';

interface Outcome {
  values: Record<string, string>;
  /** The rows read from the pasted text, each with what is wrong with it. */
  rows: Array<PastedRow & { problems: string[] }>;
  /** The messages of the wrong rows and fields, in order, for the summary. */
  problems: Array<{ text: string; field: string }>;
  errors: Record<string, string>;
  error: string;
  /** The text the preview showed; "Add" sends only what was previewed. */
  previewed: string;
}

function lines(problems: readonly RowProblem[]): Map<number, string[]> {
  const byRow = new Map<number, string[]>();
  for (const p of problems) byRow.set(p.row, rowProblemLines([p]));
  return byRow;
}

function outcome(values: Record<string, string>, rows: PastedRow[], errors: Record<string, string>, rowProblems: RowProblem[], error = '') {
  const byRow = lines(rowProblems);
  const problems = [
    ...FIELDS.filter((f) => errors[f]).map((f) => ({ text: errors[f] as string, field: f })),
    ...rowProblems.flatMap((p) => rowProblemLines([p]).map((text) => ({ text, field: 'rows' }))),
  ];
  const wrong = problems.length > 0;
  return data<Outcome>(
    {
      values,
      // A good row as it will be saved (96.4 → 96.4%), a wrong one as pasted.
      rows: rows.map((r, i) => {
        const saved = topperRowFields.safeParse(r);
        return { ...r, ...(saved.success ? saved.data : {}), problems: byRow.get(i + 1) ?? [] };
      }),
      problems,
      errors,
      error: error || (wrong ? `Fix ${problems.length === 1 ? 'this' : 'these'} and preview again. ${NOT_SAVED}` : ''),
      previewed: wrong ? '' : (values.rows ?? ''),
    },
    { status: wrong || error ? 400 : 200 },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const { csrf = '', step = 'preview' } = values;
  const kept = Object.fromEntries(FIELDS.map((f) => [f, values[f] ?? ''])) as Record<string, string>;
  const { rows } = parseTopperPaste(kept.rows ?? '');
  const shared = topperBatchBody.safeParse({
    sessionYear: kept.sessionYear,
    publishAt: kept.publishAt,
    intent: kept.status || 'draft',
    rows,
  });
  const { intent: statusError, ...errors } = shared.success ? {} : fieldErrors(shared.error);
  if (statusError) errors.status = statusError;
  if (errors.rows) errors.rows = `${errors.rows.replace(/\.$/, '')}: copy them from your spreadsheet and paste them in the box.`;
  const checked = checkTopperRows(rows);
  const rowProblems = checked.ok ? [] : checked.problems;
  if (step !== 'add' || !shared.success || !checked.ok) return outcome(kept, rows, errors, rowProblems);
  // Only what the preview showed is added: changed since, it is previewed again first.
  if ((values.previewed ?? '') !== kept.rows) {
    return outcome(kept, rows, {}, [], 'The rows changed after the preview. Check this preview, then add them.');
  }
  const answer = await adminApi<{ items: unknown[] }>(request, `${schoolPath(request)}/toppers/batch`, {
    method: 'POST',
    body: { ...shared.data, publishAt: kept.publishAt, rows },
    csrf,
  });
  if (answer.ok && answer.data) {
    const added = new URLSearchParams({ added: String(answer.data.items.length), as: shared.data.intent });
    return redirect(`/admin/toppers?${added}`);
  }
  if (answer.status === 400) {
    const details = answer.details ?? {};
    return outcome(
      kept,
      rows,
      (details.errors as Record<string, string> | undefined) ?? {},
      (details.rows as RowProblem[] | undefined) ?? [],
      answer.error,
    );
  }
  return refusedSave(answer, kept, request);
}

export default function PasteToppers({ actionData }: Route.ComponentProps) {
  const { role, timeZone, school } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const editor = role === 'admin' || role === 'editor';
  const answer = actionData as
    (Outcome & { values: Record<string, string> }) | { error: string; values: Record<string, string> } | undefined;
  const result = answer && 'rows' in answer ? answer : undefined;
  const values = answer?.values ?? {};
  const errors = result?.errors ?? {};
  const summary = useRef<HTMLDivElement>(null);
  const changes = useChangedForm('You have pasted rows that are not added yet. Leave this page and lose them?', 'paste');
  const kept = useKeptText(keptTextKey(school.code, 'toppers', 'paste'), changes.form.ref, answer, changes.form.onChange);
  // After each answer its message, or the preview, is where the person looks (with JavaScript; without it the page opens there).
  useEffect(() => {
    if (!answer) return;
    summary.current?.focus();
    summary.current?.scrollIntoView({ block: 'start' });
  }, [answer]);
  const good = result && result.problems.length === 0 && !answer?.error ? result.rows.length : 0;
  const choices = editor
    ? [
        { value: 'publish', label: 'Published (at Publish at, if you give one)' },
        { value: 'draft', label: 'Drafts' },
      ]
    : [
        { value: 'review', label: 'Submitted for review' },
        { value: 'draft', label: 'Drafts' },
      ];
  return (
    <>
      <h1>Paste toppers</h1>
      <p>
        <Link to="/admin/toppers">Back to Toppers</Link>
      </p>
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focused from script after each answer */}
      <div ref={summary} tabIndex={-1} className="admin-paste-outcome">
        {answer?.error ? (
          <div className="admin-alert admin-alert--error" role="alert">
            <p>
              <strong>{answer.error}</strong>
            </p>
            {result && result.problems.length > 0 ? (
              <ul>
                {result.problems.map((p) => (
                  <li key={`${p.field}:${p.text}`}>
                    <a href={`#field-${p.field}`}>{p.text}</a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        {good > 0 ? (
          <output className="admin-alert admin-alert--ok">
            {good} {good === 1 ? 'topper' : 'toppers'} ready to add. Check them in the table below, then press Add {good}{' '}
            {good === 1 ? 'topper' : 'toppers'}.
          </output>
        ) : null}
      </div>
      {kept.restored ? <KeptTextNote /> : null}
      <Form method="post" className="admin-form" {...changes.form} onSubmit={kept.keep}>
        <CsrfField />
        <div className="admin-paste-box">
          <EditField
            name="rows"
            label="Rows from the spreadsheet"
            rows={10}
            required
            value={values.rows ?? ''}
            error={
              errors.rows ?? (result?.rows.some((r) => r.problems.length) ? 'Some rows need attention: see the table below.' : undefined)
            }
            hint="Select the rows in Excel or Google Sheets, copy, and paste them here: one topper per row, columns Name, Class (X or XII), Percentage, Stream. A header row is fine; rows separated by commas work too."
          />
        </div>
        <EditField
          name="sessionYear"
          label="Session year"
          required
          value={values.sessionYear ?? ''}
          error={errors.sessionYear}
          hint="For every row, like 2025-2026."
        />
        <EditField
          name="publishAt"
          label="Publish at"
          type="datetime-local"
          value={values.publishAt ?? ''}
          error={errors.publishAt}
          hint={`In the school's time zone (${timeZone}). Leave empty to show them as soon as they are added.`}
        />
        <EditField
          name="status"
          label="Add them as"
          required
          options={choices}
          value={values.status || (editor ? 'publish' : 'review')}
          error={errors.status}
          hint="Add a photo to a topper afterwards, from the topper's own page."
        />
        {good > 0 ? <input type="hidden" name="previewed" value={result?.previewed ?? ''} /> : null}
        <div className="admin-button-row">
          <button className={good > 0 ? 'btn btn--outline' : 'btn'} type="submit" name="step" value="preview" formNoValidate>
            Preview
          </button>
          {good > 0 ? (
            <button className="btn" type="submit" name="step" value="add">
              Add {good} {good === 1 ? 'topper' : 'toppers'}
            </button>
          ) : null}
        </div>
      </Form>
      {result && result.rows.length > 0 ? (
        <div className="admin-paste-preview">
          <h2 id="paste-preview">Preview</h2>
          {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled by keyboard */}
          <section className="admin-table-wrap" tabIndex={0} aria-labelledby="paste-preview">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Check</th>
                  <th scope="col">Name</th>
                  <th scope="col">Class</th>
                  <th scope="col">Percentage</th>
                  <th scope="col">Stream</th>
                </tr>
              </thead>
              <tbody>
                {result.rows.map((r, i) => (
                  <tr key={i} className={r.problems.length ? 'admin-paste-wrong' : undefined}>
                    <td>{i + 1}</td>
                    <td>{r.problems.length ? r.problems.map((p) => p.replace(/^Row \d+: /, '')).join(' ') : 'OK'}</td>
                    <td>{r.name || '—'}</td>
                    <td>{r.class || '—'}</td>
                    <td>{r.division || '—'}</td>
                    <td>{r.stream || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </div>
      ) : null}
    </>
  );
}
