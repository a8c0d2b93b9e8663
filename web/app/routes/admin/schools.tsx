import { data, Form, useNavigation, useRouteLoaderData } from 'react-router';
import { createSchoolBody, hostList, schoolHostBody, type SchoolOverview } from '@sthsm/contract/schools';
import { fieldErrors, inviteBody } from '@sthsm/contract/staff';
import type { Route } from './+types/schools';
import { CsrfField, EditField, Field, FormMessage } from '../../components/admin/fields';
import { LinkBox } from '../../components/admin/link-box';
import { adminApi, fail, formValues, type LinkAnswer, type StaffContext } from '../../lib/staff/admin-api.server';
import { adminMeta } from '../../lib/staff/admin-meta';
import { staffTime } from '../../lib/staff/admin-time';
import { sizeText } from '../../lib/staff/media';
import '../../styles/admin-schools.css';

// Platform operators' page (issue 31): every school of this server with its host names, staff,
// storage and last publish; create one, change its host names, invite its first administrator,
// suspend and lift. Plain forms: everything works without JavaScript (decision 0124 for messages).

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Schools', matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  const answer = await adminApi<{ schools: SchoolOverview[] }>(request, '/schools');
  if (!answer.ok || !answer.data) fail(answer);
  return { schools: answer.data.schools };
}

interface Outcome {
  intent: string;
  /** The school the answer is about (its card's forms keep their typed values). */
  school: string;
  error: string;
  success: string;
  errors: Record<string, string>;
  values: Record<string, string>;
  link?: { url: string; emailed: boolean; who: string; expiresAt: string | null } | undefined;
}

const outcome = (o: Partial<Outcome> & { intent: string }): Outcome => ({
  school: '',
  error: '',
  success: '',
  errors: {},
  values: {},
  ...o,
});

const FIELD_LABELS: Record<string, string> = { code: 'Code', name: 'Name', hosts: 'Host names', host: 'Host name', email: 'Email' };

export async function action({ request }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const { intent = '', csrf = '', school = '' } = values;
  const name = values.schoolName || school;
  const path = `/schools/${encodeURIComponent(school)}`;
  const refused = (error: string, status: number, errors: Record<string, string> = {}) =>
    data(outcome({ intent, school, error, errors, values }), { status: status || 503 });
  const call = <T,>(url: string, method: 'POST' | 'PUT' | 'DELETE', body?: unknown) => adminApi<T>(request, url, { method, body, csrf });

  switch (intent) {
    case 'create': {
      // The API's own schema, so the page refuses what the API would, in the same words.
      const parsed = createSchoolBody.safeParse({ code: values.code ?? '', name: values.name ?? '', hosts: hostList(values.hosts ?? '') });
      if (!parsed.success) return refused('Please correct the highlighted fields.', 400, fieldErrors(parsed.error));
      const answer = await call<{ school: SchoolOverview }>('/schools', 'POST', parsed.data);
      if (!answer.ok || !answer.data) return refused(answer.error, answer.status);
      const made = answer.data.school;
      return outcome({
        intent,
        school: made.code,
        success: `Created ${made.name} (${made.code}). Invite its first administrator below.`,
      });
    }
    case 'add-host': {
      const parsed = schoolHostBody.safeParse({ host: values.host ?? '' });
      if (!parsed.success) return refused(fieldErrors(parsed.error).host ?? 'Enter a host name.', 400);
      const answer = await call(`${path}/hosts`, 'POST', parsed.data);
      if (!answer.ok) return refused(answer.error, answer.status);
      return outcome({ intent, school, success: `${name} is now served on ${parsed.data.host}. Every server follows within a minute.` });
    }
    case 'remove-host': {
      const host = values.host ?? '';
      const answer = await call(`${path}/hosts/${encodeURIComponent(host)}`, 'DELETE');
      if (!answer.ok) return refused(answer.error, answer.status);
      return outcome({ intent, school, success: `${name} is no longer served on ${host}.` });
    }
    case 'suspend':
    case 'lift': {
      const suspended = intent === 'suspend';
      const answer = await call(`${path}/suspension`, 'PUT', { suspended });
      if (!answer.ok) return refused(answer.error, answer.status);
      return outcome({
        intent,
        school,
        success: suspended
          ? `${name} is suspended: its public site says it is temporarily unavailable. Its staff can still sign in.`
          : `${name} is no longer suspended: its public site is back.`,
      });
    }
    case 'invite': {
      const parsed = inviteBody.omit({ role: true }).safeParse({ email: values.email ?? '' });
      if (!parsed.success) return refused(fieldErrors(parsed.error).email ?? 'Enter a valid email address.', 400);
      const answer = await call<LinkAnswer>(`${path}/administrators`, 'POST', parsed.data);
      if (!answer.ok || !answer.data) return refused(answer.error, answer.status);
      const who = parsed.data.email;
      if (answer.data.link)
        return outcome({
          intent,
          school,
          success: `Invitation made for ${who} as administrator of ${name}.`,
          link: { url: answer.data.link, emailed: answer.data.emailed, who, expiresAt: answer.data.expiresAt },
        });
      if (answer.data.emailed)
        return outcome({ intent, school, success: `An invitation to ${name} was e-mailed to ${who}. Its link works for 24 hours.` });
      return refused(`The invitation for ${who} is saved, but the e-mail could not be sent.`, 502);
    }
    default:
      return refused('Unknown action.', 400);
  }
}

function SchoolCard({ s, answer, timeZone }: { s: SchoolOverview; answer: Outcome | undefined; timeZone: string }) {
  const mine = answer?.school === s.code && answer.error ? answer : undefined;
  const id = s.code.toLowerCase();
  const hidden = (
    <>
      <CsrfField />
      <input type="hidden" name="school" value={s.code} />
      <input type="hidden" name="schoolName" value={s.name} />
    </>
  );
  return (
    <li className="admin-member admin-schools-card" aria-labelledby={`school-${id}`}>
      <h3 id={`school-${id}`}>
        {s.name} ({s.code})
        {s.suspendedAt ? (
          <>
            {' '}
            <span className="admin-schools-tag">Suspended</span>
          </>
        ) : null}
      </h3>
      <p className="admin-member-facts">
        {s.staff} {s.staff === 1 ? 'person' : 'people'} on its staff · {sizeText(s.storageBytes)} of media · last published{' '}
        {s.lastPublishedAt ? staffTime(s.lastPublishedAt, timeZone) : 'never'}
        {s.suspendedAt ? ` · suspended since ${staffTime(s.suspendedAt, timeZone)}` : ''}
      </p>
      <div className="admin-member-actions">
        <div>
          <h4>Host names</h4>
          {s.hosts.length === 0 ? <p>None yet: its site is only reached on this server&rsquo;s own address.</p> : null}
          <ul className="admin-host-list">
            {s.hosts.map((host) => (
              <li key={host}>
                <Form method="post" className="admin-inline-form">
                  {hidden}
                  <input type="hidden" name="host" value={host} />
                  <span className="admin-host">{host}</span>
                  <button className="btn btn--outline" type="submit" name="intent" value="remove-host">
                    Remove<span className="visually-hidden"> {host}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <Form method="post" className="admin-inline-form" key={answer?.success ?? 'host'}>
            {hidden}
            <label htmlFor={`host-${id}`}>Add a host name to {s.name}</label>
            <input
              id={`host-${id}`}
              name="host"
              type="text"
              inputMode="url"
              autoComplete="off"
              required
              defaultValue={mine?.intent === 'add-host' ? mine.values.host : undefined}
            />
            <button className="btn btn--outline" type="submit" name="intent" value="add-host">
              Add host name
            </button>
          </Form>
        </div>
        <Form method="post" className="admin-inline-form" key={`invite-${answer?.success ?? ''}`}>
          {hidden}
          <label htmlFor={`email-${id}`}>Invite an administrator of {s.name} (email)</label>
          <input
            id={`email-${id}`}
            name="email"
            type="email"
            autoComplete="off"
            required
            defaultValue={mine?.intent === 'invite' ? mine.values.email : undefined}
          />
          <button className="btn btn--outline" type="submit" name="intent" value="invite">
            Invite administrator
          </button>
        </Form>
        <Form method="post" className="admin-button-row">
          {hidden}
          {s.suspendedAt ? (
            <button className="btn" type="submit" name="intent" value="lift">
              Lift suspension<span className="visually-hidden"> of {s.name}</span>
            </button>
          ) : (
            <button className="btn btn--danger" type="submit" name="intent" value="suspend">
              Suspend<span className="visually-hidden"> {s.name}</span>
            </button>
          )}
        </Form>
      </div>
    </li>
  );
}

export default function Schools({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const create = actionData?.intent === 'create' && actionData.error ? actionData : undefined;
  const { timeZone } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  return (
    <>
      <h1>Schools</h1>
      <FormMessage
        error={actionData?.error}
        errors={actionData?.intent === 'create' ? actionData.errors : undefined}
        labelOf={(field) => FIELD_LABELS[field] ?? field}
        success={actionData?.success}
      />
      {actionData?.link ? <LinkBox {...actionData.link} timeZone={timeZone} /> : null}

      <section aria-labelledby="create-heading" className="admin-section">
        <h2 id="create-heading">Create a school</h2>
        <p>
          A new school starts with no content. Give it the host names its site is reached on, then invite its first administrator, who fills
          in its settings and pages.
        </p>
        <Form method="post" className="admin-form" key={actionData?.intent === 'create' ? actionData.success || 'create' : 'create'}>
          <CsrfField />
          <Field
            name="code"
            label="Code"
            hint="2 to 32 letters, digits, _ or -, e.g. GVS. Stored in capitals; it cannot be changed later."
            autoComplete="off"
            defaultValue={create?.values.code}
            error={create?.errors.code}
          />
          <Field name="name" label="Name" autoComplete="off" defaultValue={create?.values.name} error={create?.errors.name} />
          <EditField
            name="hosts"
            label="Host names"
            rows={3}
            required={false}
            hint="One per line, e.g. www.school.example. The first is the one its links use. You can add more later."
            value={create?.values.hosts ?? ''}
            error={create?.errors.hosts}
          />
          <button className="btn" type="submit" name="intent" value="create" disabled={busy}>
            Create school
          </button>
        </Form>
      </section>

      <section aria-labelledby="schools-heading" className="admin-section">
        <h2 id="schools-heading">Schools on this server ({loaderData.schools.length})</h2>
        <ul className="admin-members">
          {loaderData.schools.map((s) => (
            <SchoolCard key={s.code} s={s} answer={actionData} timeZone={timeZone} />
          ))}
        </ul>
      </section>
    </>
  );
}
