import { Form, Link, redirect, useNavigation, useRouteLoaderData } from 'react-router';
import { CONSENT_PURPOSE_LABELS, CONSENT_PURPOSES, withdrawBody, type Child } from '@sthsm/contract/children';
import '../../styles/admin-children.css';
import type { Route } from './+types/child';
import { ChildForm, consentState, valuesOfChild } from '../../components/admin/child-form';
import { CsrfField, FormMessage } from '../../components/admin/fields';
import { adminApi, fail, formValues, schoolPath, type StaffContext } from '../../lib/staff/admin-api.server';
import { joinMonthDay, staffDay } from '../../lib/staff/admin-time';
import { MonthDayField, monthDayPart } from '../../components/admin/month-day-field';
import { adminMeta } from '../../lib/staff/admin-meta';
import { errorsOf, outcomes, submitChild } from '../../lib/staff/children-form.server';

// One child of the consent register (issue 16): their consent per purpose with a Withdraw button
// each (and one for all), the form to change details and record consent, and a birthday for the
// home page linked to the child (published only while the birthday consent is in effect).

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Child and consent', matches);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const answer = await adminApi<{ child: Child }>(request, `${schoolPath(request)}/children/${encodeURIComponent(params.id)}`);
  if (!answer.ok || !answer.data) fail(answer);
  const url = new URL(request.url);
  return { child: answer.data.child, recorded: url.searchParams.has('recorded'), saved: url.searchParams.has('saved') };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { intent = '', csrf = '', ...values } = formValues(await request.formData());
  const path = `${schoolPath(request)}/children/${encodeURIComponent(params.id)}`;
  const { refuse, done } = outcomes(intent, values);

  if (intent.startsWith('withdraw-')) {
    const parsed = withdrawBody.safeParse({ purpose: intent.slice('withdraw-'.length) });
    if (!parsed.success) return refuse(400, parsed.error.issues[0]?.message ?? 'Unknown action.');
    const answer = await adminApi<{ withdrawn: string[] }>(request, `${path}/withdraw`, { method: 'POST', body: parsed.data, csrf });
    if (!answer.ok || !answer.data) return answer.status === 401 ? fail(answer) : refuse(answer.status, answer.error);
    return done(
      answer.data.withdrawn.length > 0
        ? 'Consent withdrawn. Everything showing this child for that purpose is off the site.'
        : 'There was no consent in effect to withdraw.',
    );
  }
  if (intent === 'birthday-draft' || intent === 'birthday-publish') {
    // The month and day pickers make the stored "MM-DD" (kept as sent after a refused save too).
    values.monthDay = joinMonthDay(values[monthDayPart('monthDay', 'month')], values[monthDayPart('monthDay', 'day')]);
    const current = await adminApi<{ child: Child }>(request, path);
    if (!current.ok || !current.data) return fail(current);
    const { child } = current.data;
    const answer = await adminApi(request, `${schoolPath(request)}/content/birthdays`, {
      method: 'POST',
      body: {
        name: child.name,
        class: child.class,
        monthDay: values.monthDay ?? '',
        attachments: [],
        child: child.id,
        intent: intent === 'birthday-publish' ? 'publish' : 'draft',
      },
      csrf,
    });
    if (answer.status === 401) fail(answer);
    const errors = errorsOf(answer);
    if (!answer.ok) return refuse(answer.status, errors.child ?? answer.error, errors);
    return done(intent === 'birthday-publish' ? 'Birthday published.' : 'Birthday saved as a draft.');
  }
  // Change details and record consent.
  const saved = await submitChild(request, { path, method: 'PUT' }, values, csrf, refuse);
  if ('refused' in saved) return saved.refused;
  return redirect(`/admin/children/${encodeURIComponent(params.id)}?saved=1`);
}

function ConsentTable({ child, busy }: { child: Child; busy: boolean }) {
  const { timeZone } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled by keyboard
    <section className="admin-table-wrap" tabIndex={0} aria-label="Consent">
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Purpose</th>
            <th scope="col">Consent</th>
            <th scope="col">Date given</th>
            <th scope="col">Recorded by</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {CONSENT_PURPOSES.map((purpose) => {
            const consent = child.consents.find((c) => c.purpose === purpose);
            const state = consentState(consent, timeZone);
            return (
              <tr key={purpose}>
                <th scope="row">{CONSENT_PURPOSE_LABELS[purpose]}</th>
                <td className={state.current ? 'consent-state--current' : 'consent-state--off'}>{state.text}</td>
                <td>{consent ? staffDay(consent.givenOn) : '—'}</td>
                <td>{consent?.recordedBy ?? '—'}</td>
                <td>
                  {state.current ? (
                    <Form method="post">
                      <CsrfField />
                      <button
                        className="btn btn--danger"
                        type="submit"
                        name="intent"
                        value={`withdraw-${purpose}`}
                        disabled={busy}
                        aria-label={`Withdraw consent: ${CONSENT_PURPOSE_LABELS[purpose]}`}
                      >
                        Withdraw
                      </button>
                    </Form>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

export default function ChildPage({ loaderData, actionData }: Route.ComponentProps) {
  const { child, recorded, saved } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const editing = actionData && actionData.intent === 'save' ? actionData : undefined;
  const birthday = actionData?.intent.startsWith('birthday-') ? actionData : undefined;
  const other = actionData && !editing && !birthday ? actionData : undefined;
  const anyCurrent = child.consents.some((c) => c.current);
  return (
    <>
      <p>
        <Link to="/admin/children">All children</Link>
      </p>
      <h1>{child.name}</h1>
      <p>
        Class {child.class}
        {child.admissionNumber ? ` · admission number ${child.admissionNumber}` : ''}
      </p>
      <FormMessage
        error={other?.error}
        success={other?.success || (recorded ? 'Child recorded.' : saved ? 'Saved. Consent recorded as shown.' : '')}
      />
      <ConsentTable child={child} busy={busy} />
      {anyCurrent ? (
        <Form method="post" className="admin-button-row">
          <CsrfField />
          <button className="btn btn--danger" type="submit" name="intent" value="withdraw-all" disabled={busy}>
            Withdraw all consent
          </button>
        </Form>
      ) : null}

      <section className="admin-section" aria-labelledby="birthday-heading">
        <h2 id="birthday-heading">Birthday on the site</h2>
        <p>
          Shows {child.name.split(/\s+/)[0]} in the birthday section of the home page on this day each year, while the birthday consent is
          in effect. Only the month and day are kept.
        </p>
        <Form method="post" className="admin-form">
          <CsrfField />
          <FormMessage error={birthday?.error} errors={birthday?.errors} labelOf={() => 'Birthday'} success={birthday?.success} />
          <MonthDayField name="monthDay" label="Birthday" value={birthday?.values.monthDay ?? ''} error={birthday?.errors.monthDay} />
          <div className="admin-button-row">
            <button className="btn btn--outline" type="submit" name="intent" value="birthday-draft" disabled={busy}>
              Save draft
            </button>
            <button className="btn" type="submit" name="intent" value="birthday-publish" disabled={busy}>
              Publish
            </button>
          </div>
        </Form>
      </section>

      <section className="admin-section" aria-labelledby="edit-heading">
        <h2 id="edit-heading">Change details and record consent</h2>
        <p>A purpose filled in is recorded anew, by you, from the date given; purposes left empty stay as they are.</p>
        <ChildForm intent="save" button="Save" outcome={editing} values={editing?.values ?? valuesOfChild(child)} busy={busy} />
      </section>
    </>
  );
}
