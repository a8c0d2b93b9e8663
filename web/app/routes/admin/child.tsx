import { Form, Link, redirect, useNavigation, useRouteLoaderData } from 'react-router';
import {
  askFieldName,
  CONSENT_PURPOSE_LABELS,
  CONSENT_PURPOSES,
  consentRequestBody,
  withdrawBody,
  type Child,
  type ConsentRequest,
} from '@sthsm/contract/children';
import { fieldErrors } from '@sthsm/contract/staff';
import '../../styles/admin-children.css';
import type { Route } from './+types/child';
import { ChildForm, consentState, valuesOfChild, verificationWords } from '../../components/admin/child-form';
import { ConfirmErase } from '../../components/admin/confirm-erase';
import { CsrfField, Field, FormMessage } from '../../components/admin/fields';
import { adminApi, fail, formValues, schoolPath, type StaffContext } from '../../lib/staff/admin-api.server';
import { joinMonthDay, staffDay, staffTime } from '../../lib/staff/admin-time';
import { MonthDayField, monthDayPart } from '../../components/admin/month-day-field';
import { adminMeta } from '../../lib/staff/admin-meta';
import { errorsOf, outcomes, submitChild, type ChildOutcome } from '../../lib/staff/children-form.server';

// One child of the consent register (issue 16): their consent per purpose with a Withdraw button
// each (and one for all), the form to change details and record consent, and a birthday for the
// home page linked to the child (published only while the birthday consent is in effect). Issue 37:
// each consent says how it was verified (in person, or confirmed by the guardian through the
// e-mailed link), and "Ask the guardian by e-mail" sends that link (docs/decisions/0151).

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
  if (intent === 'ask') {
    // Asking the guardian by e-mail (issue 37): checked with the API's own schema first.
    const parsed = consentRequestBody.safeParse(values);
    if (!parsed.success) return refuse(400, CHECK_REQUEST, fieldErrors(parsed.error));
    const answer = await adminApi<{ child: Child }>(request, `${path}/consent-requests`, { method: 'POST', body: values, csrf });
    if (answer.status === 401) fail(answer);
    if (!answer.ok) return refuse(answer.status, answer.error, errorsOf(answer));
    return done(`E-mail sent to ${parsed.data.guardianEmail}. The consent shows here once the guardian answers.`);
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
  if (intent === 'confirm-erase') return done('');
  if (intent === 'erase') {
    const answer = await adminApi<{ erased: true }>(request, `${path}/erase`, { method: 'POST', body: {}, csrf });
    if (!answer.ok) return answer.status === 401 ? fail(answer) : refuse(answer.status, answer.error);
    return redirect('/admin/children?erased=1');
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
            <th scope="col">How verified</th>
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
                <td>{consent ? verificationWords(consent, timeZone) : '—'}</td>
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

const CHECK_REQUEST = 'Some fields need attention. Nothing was sent.';
const ASK_LABELS: Record<string, string> = {
  guardianName: 'Guardian’s name',
  guardianEmail: 'Guardian’s email address',
  purposes: 'Ask about',
  endsOn: 'Consent would end on',
};

/** The latest e-mailed request in words: pending (sent when, to whom, by whom), expired, answered. */
function RequestStatus({ request, timeZone }: { request: ConsentRequest; timeZone: string }) {
  const sent = `sent ${staffTime(request.sentAt, timeZone)} to ${request.guardianEmail}${request.sentBy ? ` by ${request.sentBy}` : ''}`;
  const asked = request.purposes.map((p) => CONSENT_PURPOSE_LABELS[p].toLowerCase()).join(', ');
  if (request.status === 'confirmed') {
    return (
      <p>
        Answered by the guardian on {request.confirmedAt ? staffTime(request.confirmedAt, timeZone) : '—'} (request {sent}; asked about{' '}
        {asked}).
      </p>
    );
  }
  if (request.status === 'expired') {
    return (
      <p>
        Not answered: the link {sent} expired on {staffTime(request.confirmBy, timeZone)}. Send it again to ask once more.
      </p>
    );
  }
  return (
    <p>
      <strong>Waiting for the guardian:</strong> request {sent}, asking about {asked}. The link works until{' '}
      {staffTime(request.confirmBy, timeZone)}. Sending again stops the old link.
    </p>
  );
}

function AskGuardian({ child, outcome, busy }: { child: Child; outcome: ChildOutcome | undefined; busy: boolean }) {
  const { timeZone } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const values = outcome?.values ?? {};
  const errors = outcome?.errors ?? {};
  const request = child.request ?? null;
  const refused = Boolean(outcome?.error);
  return (
    <section className="admin-section" aria-labelledby="ask-heading">
      <h2 id="ask-heading">Ask the guardian by e-mail</h2>
      <p>
        The guardian gets an e-mail with a link: they answer yes or no for each purpose within 14 days, and the same link lets them withdraw
        consent later. Their answer shows above as confirmed by the guardian.
      </p>
      {request ? <RequestStatus request={request} timeZone={timeZone} /> : null}
      <Form method="post" className="admin-form">
        <CsrfField />
        <FormMessage error={outcome?.error} errors={errors} labelOf={(name) => ASK_LABELS[name] ?? name} success={outcome?.success} />
        <Field
          name="guardianName"
          label="Guardian’s name"
          defaultValue={refused ? (values.guardianName ?? '') : (request?.guardianName ?? '')}
          error={errors.guardianName}
          autoComplete="off"
        />
        <Field
          name="guardianEmail"
          label="Guardian’s email address"
          type="email"
          defaultValue={refused ? (values.guardianEmail ?? '') : (request?.guardianEmail ?? '')}
          error={errors.guardianEmail}
          autoComplete="off"
        />
        <fieldset
          className="consent-radios"
          id="field-purposes"
          tabIndex={-1}
          aria-describedby={errors.purposes ? 'purposes-error' : undefined}
        >
          <legend>Ask about</legend>
          {errors.purposes ? (
            <p id="purposes-error" className="field-error">
              {errors.purposes}
            </p>
          ) : null}
          {CONSENT_PURPOSES.map((purpose) => {
            const name = askFieldName(purpose);
            return (
              <div className="admin-check" key={purpose}>
                <input
                  id={`field-${name}`}
                  type="checkbox"
                  name={name}
                  value="on"
                  defaultChecked={refused ? values[name] === 'on' : true}
                />
                <label htmlFor={`field-${name}`}>{CONSENT_PURPOSE_LABELS[purpose]}</label>
              </div>
            );
          })}
        </fieldset>
        <Field
          name="endsOn"
          label="Consent would end on"
          type="date"
          defaultValue={refused ? (values.endsOn ?? '') : (request?.endsOn ?? '')}
          error={errors.endsOn}
          hint="The last day consent covers, for example the end of the school year."
        />
        <div className="admin-button-row">
          <button className="btn" type="submit" name="intent" value="ask" disabled={busy}>
            {request && request.status === 'pending' ? 'Send again' : 'Send the e-mail'}
          </button>
        </div>
      </Form>
    </section>
  );
}

export default function ChildPage({ loaderData, actionData }: Route.ComponentProps) {
  const { child, recorded, saved } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const { role } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const editing = actionData && actionData.intent === 'save' ? actionData : undefined;
  const birthday = actionData?.intent.startsWith('birthday-') ? actionData : undefined;
  const asking = actionData?.intent === 'ask' ? actionData : undefined;
  const other = actionData && !editing && !birthday && !asking ? actionData : undefined;
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
        // The line the page was opened with (after recording or saving) goes once anything else is
        // answered: kept, it would be shown and focused again over the newer answer (the erase question).
        success={actionData ? other?.success : recorded ? 'Child recorded.' : saved ? 'Saved. Consent recorded as shown.' : ''}
      />
      {other?.intent === 'confirm-erase' ? (
        <ConfirmErase question={`Erase the record of ${child.name} for good?`}>
          Their name, class, admission number, every consent and every e-mail asking their guardian are deleted now, and restoring a backup
          does not bring them back. Birthdays, results and photos that showed them stay off the site; delete those from their lists if you
          no longer need them. This cannot be undone.
        </ConfirmErase>
      ) : null}
      <ConsentTable child={child} busy={busy} />
      {anyCurrent ? (
        <Form method="post" className="admin-button-row">
          <CsrfField />
          <button className="btn btn--danger" type="submit" name="intent" value="withdraw-all" disabled={busy}>
            Withdraw all consent
          </button>
        </Form>
      ) : null}

      <AskGuardian child={child} outcome={asking} busy={busy} />

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

      {role === 'admin' ? (
        <section className="admin-section" aria-labelledby="erase-heading">
          <h2 id="erase-heading">Erase this record</h2>
          <p>When a parent asks for their child&rsquo;s data to be erased. Withdrawing consent is enough to take the child off the site.</p>
          <Form method="post" className="admin-button-row">
            <CsrfField />
            <button className="btn btn--danger" type="submit" name="intent" value="confirm-erase" disabled={busy}>
              Erase this child&rsquo;s record…
            </button>
          </Form>
        </section>
      ) : null}
    </>
  );
}
