import { data, Form, useNavigation, useRouteLoaderData } from 'react-router';
import { fieldErrors, inviteBody, roleBody } from '@sthsm/contract/staff';
import { ROLE_LABELS, STAFF_ROLES } from '@sthsm/contract/staff-words';
import type { Route } from './+types/staff';
import { CsrfField, Field, FormMessage } from '../../components/admin/fields';
import { LinkBox } from '../../components/admin/link-box';
import { adminApi, fail, formValues, schoolPath, type LinkAnswer, type Member, type StaffContext } from '../../lib/staff/admin-api.server';
import { staffTime } from '../../lib/staff/admin-time';
import { adminMeta } from '../../lib/staff/admin-meta';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Staff', matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  const [staff, school] = await Promise.all([
    adminApi<{ members: Member[] }>(request, `${schoolPath(request)}/staff`),
    adminApi<{ requireAdminTwoFactor: boolean }>(request, schoolPath(request)),
  ]);
  if (!staff.ok || !staff.data) fail(staff);
  if (!school.ok || !school.data) fail(school);
  // Whether an invitation's link has expired is judged here, on the server's clock, once per page.
  return { members: staff.data.members, requireAdminTwoFactor: school.data.requireAdminTwoFactor, checkedAt: Date.now() };
}

interface Outcome {
  intent: string;
  error: string;
  success: string;
  errors: Record<string, string>;
  values: Record<string, string>;
  link?: { url: string; emailed: boolean; who: string; expiresAt: string | null } | undefined;
}

const outcome = (o: Partial<Outcome> & { intent: string }): Outcome => ({ error: '', success: '', errors: {}, values: {}, ...o });

/**
 * What happened to an invitation's link: e-mailed only when e-mail is set up (the administrator
 * never holds it then), shown to pass on when it is not, or saved but not sent.
 */
function sentOutcome(intent: string, who: string, answer: LinkAnswer, shownMessage: string): Outcome {
  if (answer.link)
    return outcome({
      intent,
      success: shownMessage,
      link: { url: answer.link, emailed: answer.emailed, who, expiresAt: answer.expiresAt },
    });
  if (answer.emailed) return outcome({ intent, success: `An invitation was e-mailed to ${who}. Its link works for 24 hours.` });
  return outcome({
    intent,
    error: `The invitation for ${who} is saved, but the e-mail could not be sent. Try \u201cNew invitation link\u201d again later.`,
  });
}

export async function action({ request }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const { intent = '', csrf = '', userId = '', who = 'this person' } = values;
  const base = schoolPath(request);
  const member = `${base}/staff/${encodeURIComponent(userId)}`;
  const answerOf = async <T,>(path: string, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', body?: unknown) =>
    adminApi<T>(request, path, { method, body, csrf });
  const failed = (status: number, error: string) => data(outcome({ intent, error, values }), { status: status || 503 });

  switch (intent) {
    case 'invite': {
      const parsed = inviteBody.safeParse({
        email: values.email ?? '',
        role: values.role ?? '',
        ...(values.name ? { name: values.name } : {}),
      });
      if (!parsed.success)
        return data(outcome({ intent, error: 'Please correct the highlighted fields.', errors: fieldErrors(parsed.error), values }), {
          status: 400,
        });
      const answer = await answerOf<LinkAnswer>(`${base}/staff`, 'POST', parsed.data);
      if (!answer.ok || !answer.data) return failed(answer.status, answer.error);
      const address = parsed.data.email;
      return sentOutcome(intent, address, answer.data, `Invitation made for ${address}.`);
    }
    case 'role': {
      const parsed = roleBody.safeParse({ role: values.role ?? '' });
      if (!parsed.success) return failed(400, 'Choose a role.');
      const answer = await answerOf(member, 'PATCH', parsed.data);
      return answer.ok
        ? outcome({ intent, success: `${who} is now ${ROLE_LABELS[parsed.data.role].toLowerCase()}.` })
        : failed(answer.status, answer.error);
    }
    case 'remove': {
      const answer = await answerOf(member, 'DELETE');
      return answer.ok
        ? outcome({
            intent,
            success:
              values.invited === 'yes'
                ? `The invitation for ${who} is withdrawn; its link no longer works.`
                : `${who} is no longer on the staff of this school.`,
          })
        : failed(answer.status, answer.error);
    }
    case 'sessions': {
      const answer = await answerOf<{ ended: number }>(`${member}/sessions`, 'DELETE');
      if (!answer.ok || !answer.data) return failed(answer.status, answer.error);
      const n = answer.data.ended;
      return outcome({ intent, success: `${who} is signed out everywhere (${n} ${n === 1 ? 'session' : 'sessions'} ended).` });
    }
    case 'link': {
      const answer = await answerOf<LinkAnswer>(`${member}/reset-link`, 'POST');
      if (!answer.ok || !answer.data) return failed(answer.status, answer.error);
      if (values.invited === 'yes') return sentOutcome(intent, who, answer.data, `New invitation link made for ${who}.`);
      if (!answer.data.link)
        return outcome({ intent, success: `A link was e-mailed to ${who}. They also work for another school, so it is not shown here.` });
      return outcome({
        intent,
        success: `New link made for ${who}.`,
        link: { url: answer.data.link, emailed: answer.data.emailed, who, expiresAt: answer.data.expiresAt },
      });
    }
    case 'security': {
      const wanted = values.requireAdminTwoFactor === 'on';
      const answer = await answerOf(`${base}/security`, 'PUT', { requireAdminTwoFactor: wanted });
      return answer.ok
        ? outcome({
            intent,
            success: wanted ? 'Administrators must now use two-factor sign-in.' : 'Two-factor sign-in is optional for administrators.',
          })
        : failed(answer.status, answer.error);
    }
    default:
      return failed(400, 'Unknown action.');
  }
}

function MemberCard({ m, timeZone, checkedAt }: { m: Member; timeZone: string; checkedAt: number }) {
  const label = m.name || m.email;
  const invited = m.status === 'invited';
  const seen = (iso: string | null) => (iso ? staffTime(iso, timeZone) : 'never');
  const invitationState = (expires: string | null) =>
    expires && Date.parse(expires) > checkedAt ? `invited, link works until ${staffTime(expires, timeZone)}` : 'invited, link expired';
  return (
    <li className="admin-member">
      <h3>{label}</h3>
      <p className="admin-member-facts">
        {m.email} · {ROLE_LABELS[m.role]} · {invited ? invitationState(m.invitationExpiresAt) : `last active here ${seen(m.lastSeenAt)}`}
        {m.twoFactorEnabled ? ' · two-factor on' : ''}
      </p>
      <div className="admin-member-actions">
        <Form method="post" className="admin-inline-form">
          <CsrfField />
          <input type="hidden" name="userId" value={m.id} />
          <input type="hidden" name="who" value={label} />
          <label htmlFor={`role-${m.id}`}>Role of {label}</label>
          <select id={`role-${m.id}`} name="role" defaultValue={m.role}>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
          <button className="btn btn--outline" type="submit" name="intent" value="role">
            Change role
          </button>
        </Form>
        <Form method="post" className="admin-button-row">
          <CsrfField />
          <input type="hidden" name="userId" value={m.id} />
          <input type="hidden" name="who" value={label} />
          <input type="hidden" name="invited" value={invited ? 'yes' : 'no'} />
          <button className="btn btn--outline" type="submit" name="intent" value="link">
            {invited ? 'New invitation link' : 'Password reset link'}
            <span className="visually-hidden"> for {label}</span>
          </button>
          {invited ? null : (
            <button className="btn btn--outline" type="submit" name="intent" value="sessions">
              Sign out everywhere<span className="visually-hidden"> ({label})</span>
            </button>
          )}
          <button className="btn btn--danger" type="submit" name="intent" value="remove">
            {invited ? 'Withdraw invitation' : 'Remove'}
            <span className="visually-hidden"> {invited ? `for ${label}` : label}</span>
          </button>
        </Form>
      </div>
    </li>
  );
}

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const invite = actionData?.intent === 'invite' ? actionData : undefined;
  const { timeZone } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  return (
    <>
      <h1>Staff</h1>
      <FormMessage
        error={actionData?.error}
        errors={actionData?.errors}
        labelOf={(name) => ({ email: 'Email', name: 'Name' })[name] ?? name}
        success={actionData?.success}
      />
      {actionData?.link ? <LinkBox {...actionData.link} timeZone={timeZone} /> : null}

      <section aria-labelledby="invite-heading" className="admin-section">
        <h2 id="invite-heading">Invite someone</h2>
        <p>
          They get a link to join: a new person chooses a password, someone with a staff account signs in to accept. When e-mail is set up
          the link is e-mailed to them; otherwise it is shown here to send by WhatsApp or SMS.
        </p>
        <Form method="post" className="admin-form" key={invite?.success ?? 'invite'}>
          <CsrfField />
          <Field
            name="email"
            label="Email"
            type="email"
            autoComplete="off"
            defaultValue={invite?.values.email}
            error={invite?.errors.email}
          />
          <Field
            name="name"
            label="Name"
            required={false}
            autoComplete="off"
            defaultValue={invite?.values.name}
            error={invite?.errors.name}
          />
          <div className="field">
            <label htmlFor="invite-role">Role</label>
            <select id="invite-role" name="role" defaultValue={invite?.values.role ?? 'editor'}>
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
          <button className="btn" type="submit" name="intent" value="invite" disabled={busy}>
            Invite
          </button>
        </Form>
      </section>

      <section aria-labelledby="members-heading" className="admin-section">
        <h2 id="members-heading">People ({loaderData.members.length})</h2>
        <ul className="admin-members">
          {loaderData.members.map((m) => (
            <MemberCard key={m.id} m={m} timeZone={timeZone} checkedAt={loaderData.checkedAt} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="security-heading" className="admin-section">
        <h2 id="security-heading">Security</h2>
        <Form method="post" className="admin-form">
          <CsrfField />
          <div className="admin-check">
            <input id="require-2fa" type="checkbox" name="requireAdminTwoFactor" defaultChecked={loaderData.requireAdminTwoFactor} />
            <label htmlFor="require-2fa">Require two-factor sign-in for administrators</label>
          </div>
          <button className="btn btn--outline" type="submit" name="intent" value="security">
            Save security setting
          </button>
        </Form>
      </section>
    </>
  );
}
