import { useState } from 'react';
import { data, Form, Link, redirect, useNavigation, useRouteLoaderData } from 'react-router';
import { keptTextKey } from '../../components/admin/kept-text';
import '../../styles/admin-breaches.css';
import type { Route } from './+types/breach';
import {
  BreachClock,
  BreachForm,
  breachValuesOf,
  valuesOfBreach,
  type BreachDraft,
  type BreachOutcome,
} from '../../components/admin/breach-form';
import { CsrfField, FormMessage } from '../../components/admin/fields';
import { useStarted } from '../../components/admin/use-started';
import { adminApi, fail, refusedSave, schoolPath, type StaffContext } from '../../lib/staff/admin-api.server';
import { adminMeta } from '../../lib/staff/admin-meta';
import { staffTime } from '../../lib/staff/admin-time';
import { saveBreach, type BreachAnswer } from '../../lib/staff/breaches.server';

// One breach record (issue 37): its 72-hour clock, the three notices drafted from its facts (each
// with what it still needs before sending), the form of the facts and the notices sent, and Close.

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Breach record', matches);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const answer = await adminApi<BreachAnswer>(request, `${schoolPath(request)}/breaches/${encodeURIComponent(params.id)}`);
  if (!answer.ok || !answer.data) fail(answer);
  const url = new URL(request.url);
  return {
    ...answer.data,
    notice: url.searchParams.has('recorded')
      ? 'Breach recorded. The 72-hour clock is running: the drafts below are ready to copy once their gaps are filled in.'
      : url.searchParams.has('saved')
        ? 'Saved. The drafts below show the facts as saved now.'
        : url.searchParams.has('closed')
          ? 'Breach closed. It stays in the register.'
          : '',
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const csrf = String(form.get('csrf') ?? '');
  const version = Number(form.get('version'));
  const path = `${schoolPath(request)}/breaches/${encodeURIComponent(params.id)}`;
  const here = `/admin/breaches/${encodeURIComponent(params.id)}`;
  if (form.get('intent') === 'close') {
    const answer = await adminApi(request, `${path}/close`, { method: 'POST', body: { version }, csrf });
    if (!answer.ok) {
      const refused = refusedSave(answer, {}, request);
      return data<BreachOutcome & { intent: 'close' }>(
        { intent: 'close', error: refused.data.error, errors: {}, values: {} },
        { status: refused.init?.status ?? 503 },
      );
    }
    return redirect(`${here}?closed=1`);
  }
  const values = breachValuesOf(form);
  const saved = await saveBreach(request, { path, method: 'PUT' }, values, csrf, version);
  if ('refused' in saved) return saved.refused;
  return redirect(`${here}?saved=1`);
}

/** A draft to copy: the text in a read-only box, what it still needs, and Copy once the script runs. */
function Draft({ draft }: { draft: BreachDraft }) {
  // Copy is an enhancement: it appears once the script runs (the text can always be selected and copied).
  const canCopy = useStarted();
  const [copied, setCopied] = useState('');
  const id = `draft-${draft.key}`;
  const selectIt = () => {
    const box = document.getElementById(id);
    if (box instanceof HTMLTextAreaElement) box.select();
    setCopied('The text is selected: copy it with Ctrl+C (\u2318C on a Mac).');
  };
  return (
    <section className="admin-section breach-draft" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{draft.title}</h3>
      <p className="field-hint">{draft.rule}</p>
      {draft.missing.length > 0 ? (
        <div className="breach-missing">
          <p>Still to fill in before sending:</p>
          <ul>
            {draft.missing.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <label htmlFor={id}>{draft.title}: text to copy</label>
      <textarea id={id} readOnly value={draft.text} rows={18} />
      {canCopy ? (
        <p className="admin-button-row">
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => {
              // The clipboard is there on https and this computer's own address only.
              if (!navigator.clipboard) return selectIt();
              navigator.clipboard.writeText(draft.text).then(() => setCopied('Copied.'), selectIt);
            }}
          >
            Copy
          </button>
          <output>{copied}</output>
        </p>
      ) : null}
    </section>
  );
}

export default function BreachPage({ loaderData, actionData }: Route.ComponentProps) {
  const { breach, drafts, notice } = loaderData;
  const { timeZone, school } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const busy = useNavigation().state === 'submitting';
  const outcome = actionData as (BreachOutcome & { intent?: string }) | undefined;
  const closing = outcome?.intent === 'close' ? outcome : undefined;
  const editing = outcome && !closing ? outcome : undefined;
  const missing = [...new Set(drafts.flatMap((d) => d.missing))];
  return (
    <>
      <p>
        <Link to="/admin/breaches">All breaches</Link>
      </p>
      <h1>Breach of {staffTime(breach.awareAt, timeZone)}</h1>
      <FormMessage error={closing?.error} success={notice} />
      <p>
        <span className="breach-status">{breach.closedAt ? `Closed on ${staffTime(breach.closedAt, timeZone)}` : 'Open'}</span> · the school
        became aware of it on {staffTime(breach.awareAt, timeZone)}
      </p>
      <BreachClock breach={breach} />
      {missing.length > 0 ? (
        <p>
          The drafts still need {missing.length === 1 ? 'one fact' : `${missing.length} facts`}:{' '}
          <a href="#facts-heading">fill them in below</a>.
        </p>
      ) : null}

      <section aria-labelledby="drafts-heading">
        <h2 id="drafts-heading">Drafted notices</h2>
        <p>
          Drafted from the facts below, in the school&rsquo;s name. Read each before sending it: send the intimation to the Data Protection
          Board without delay, the report within 72 hours, and the notice to each affected person. Then record below when each was sent.
        </p>
        {drafts.map((d) => (
          <Draft key={d.key} draft={d} />
        ))}
      </section>

      <section className="admin-section" aria-labelledby="facts-heading">
        <h2 id="facts-heading">The facts</h2>
        <BreachForm
          key={`${breach.version}`}
          values={editing?.values ?? valuesOfBreach(breach)}
          outcome={editing}
          timeZone={timeZone}
          version={editing?.currentVersion ?? breach.version}
          button="Save"
          kept={{
            key: keptTextKey(school.code, 'breaches', breach.id),
            // A refused save, or the page after a save ("Saved." / "Breach recorded."), drops the kept text.
            answer: editing ?? (notice ? `saved:${breach.version}` : undefined),
            others: [keptTextKey(school.code, 'breaches', 'new')],
          }}
        />
      </section>

      {breach.closedAt ? null : (
        <section className="admin-section" aria-labelledby="close-heading">
          <h2 id="close-heading">Close this breach</h2>
          <p>
            Close it when the notices are sent and nothing more is to be done. It stays in the register, and its clock leaves the dashboard.
          </p>
          <Form method="post" className="admin-button-row">
            <CsrfField />
            <input type="hidden" name="version" value={breach.version} />
            <button className="btn btn--outline" type="submit" name="intent" value="close" disabled={busy}>
              Close the breach
            </button>
          </Form>
        </section>
      )}
    </>
  );
}
