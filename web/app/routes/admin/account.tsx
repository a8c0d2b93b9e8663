import { data, Form, useNavigation, useRouteLoaderData } from 'react-router';
import { changePasswordBody, disableTwoFactorBody, enableTwoFactorBody, fieldErrors } from '@sthsm/contract/staff';
import { PASSWORD_MIN_LENGTH } from '@sthsm/contract/staff-words';
import type { Route } from './+types/account';
import { CsrfField, Field, FormMessage } from '../../components/admin/fields';
import { adminApi, formValues, type StaffContext } from '../../lib/staff/admin-api.server';
import { adminMeta } from '../../lib/staff/admin-meta';
import { currentSchool } from '../../lib/school.server';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Your account', matches);
}

interface Outcome {
  intent: string;
  error: string;
  success: string;
  errors: Record<string, string>;
  setup?: { secret: string; otpauthUrl: string };
  backupCodes?: string[];
}

export async function action({ request }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const { intent = '', csrf = '' } = values;
  const at = `?school=${encodeURIComponent(currentSchool(request))}`;
  const done = (o: Partial<Outcome>): Outcome => ({ intent, error: '', success: '', errors: {}, ...o });
  const failed = (status: number, error: string, errors: Record<string, string> = {}, extra: Partial<Outcome> = {}) =>
    data(done({ error, errors, ...extra }), { status: status || 503 });

  if (intent === 'password') {
    const parsed = changePasswordBody.safeParse({ currentPassword: values.currentPassword ?? '', newPassword: values.newPassword ?? '' });
    if (!parsed.success) return failed(400, 'Please correct the highlighted fields.', fieldErrors(parsed.error));
    const answer = await adminApi<{ otherSessionsEnded: number }>(request, `/me/password${at}`, {
      method: 'POST',
      body: parsed.data,
      csrf,
    });
    if (!answer.ok)
      return failed(
        answer.status,
        answer.error,
        /current/i.test(answer.error) ? { currentPassword: answer.error } : { newPassword: answer.error },
      );
    const n = answer.data?.otherSessionsEnded ?? 0;
    return done({ success: `Your password is changed.${n ? ` ${n} other ${n === 1 ? 'session was' : 'sessions were'} signed out.` : ''}` });
  }
  if (intent === 'two-factor-setup') {
    const answer = await adminApi<{ secret: string; otpauthUrl: string }>(request, `/me/two-factor/setup${at}`, { method: 'POST', csrf });
    return answer.ok && answer.data ? done({ setup: answer.data }) : failed(answer.status, answer.error);
  }
  if (intent === 'two-factor-enable') {
    const setup = { secret: values.secret ?? '', otpauthUrl: values.otpauthUrl ?? '' };
    const parsed = enableTwoFactorBody.safeParse({ code: values.code ?? '' });
    if (!parsed.success) return failed(400, 'Please correct the highlighted fields.', fieldErrors(parsed.error), { setup });
    const answer = await adminApi<{ backupCodes: string[] }>(request, `/me/two-factor/enable${at}`, {
      method: 'POST',
      body: parsed.data,
      csrf,
    });
    if (!answer.ok || !answer.data) return failed(answer.status, answer.error, { code: answer.error }, { setup });
    return done({ success: 'Two-factor sign-in is on.', backupCodes: answer.data.backupCodes });
  }
  if (intent === 'two-factor-disable') {
    const parsed = disableTwoFactorBody.safeParse({ password: values.password ?? '' });
    if (!parsed.success) return failed(400, 'Please correct the highlighted fields.', fieldErrors(parsed.error));
    const answer = await adminApi(request, `/me/two-factor/disable${at}`, { method: 'POST', body: parsed.data, csrf });
    return answer.ok ? done({ success: 'Two-factor sign-in is off.' }) : failed(answer.status, answer.error, { password: answer.error });
  }
  return failed(400, 'Unknown action.');
}

function TwoFactor({ on, outcome, busy }: { on: boolean; outcome: Outcome | undefined; busy: boolean }) {
  if (outcome?.backupCodes) {
    return (
      <>
        <p>
          Keep these backup codes somewhere safe (printed, or in a password manager). Each one signs you in once if you lose your phone.
          They are shown only now.
        </p>
        <ul className="admin-codes">
          {outcome.backupCodes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
      </>
    );
  }
  if (outcome?.setup) {
    return (
      <>
        <p>
          Add this account to an authenticator app (Google Authenticator, Microsoft Authenticator, 2FAS…): on this phone,{' '}
          <a href={outcome.setup.otpauthUrl}>open it in the app</a>; or type this key by hand:
        </p>
        <p className="admin-secret">
          <code>{outcome.setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
        </p>
        <Form method="post" className="admin-form">
          <CsrfField />
          <input type="hidden" name="secret" value={outcome.setup.secret} />
          <input type="hidden" name="otpauthUrl" value={outcome.setup.otpauthUrl} />
          <Field
            name="code"
            label="Code from the app"
            autoComplete="one-time-code"
            inputMode="numeric"
            error={outcome.errors.code}
            hint="6 digits; it changes every 30 seconds."
          />
          <button className="btn" type="submit" name="intent" value="two-factor-enable" disabled={busy}>
            Turn on two-factor sign-in
          </button>
        </Form>
      </>
    );
  }
  if (on) {
    return (
      <>
        <p>
          Two-factor sign-in is <strong>on</strong>: after your password you enter a code from your authenticator app.
        </p>
        <Form method="post" className="admin-form">
          <CsrfField />
          <Field
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            error={outcome?.intent === 'two-factor-disable' ? outcome.errors.password : undefined}
          />
          <button className="btn btn--outline" type="submit" name="intent" value="two-factor-disable" disabled={busy}>
            Turn off two-factor sign-in
          </button>
        </Form>
      </>
    );
  }
  return (
    <>
      <p>
        Two-factor sign-in is <strong>off</strong>. With it on, a stolen password alone cannot open your account.
      </p>
      <Form method="post">
        <CsrfField />
        <button className="btn" type="submit" name="intent" value="two-factor-setup" disabled={busy}>
          Set up two-factor sign-in
        </button>
      </Form>
    </>
  );
}

/** The account page's fields by name, for the error summary's links. */
const ACCOUNT_LABELS: Record<string, string> = {
  currentPassword: 'Current password',
  newPassword: 'New password',
  code: 'Code from the app',
  password: 'Password',
};

export default function Account({ actionData }: Route.ComponentProps) {
  const staff = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const busy = useNavigation().state === 'submitting';
  const passwordErrors = actionData?.intent === 'password' ? actionData.errors : {};
  const twoFactorOn = actionData?.intent === 'two-factor-disable' && actionData.success ? false : staff.me.user.twoFactorEnabled;
  return (
    <>
      <h1>Your account</h1>
      <p>
        {staff.me.user.name} · {staff.me.user.email}
      </p>
      <FormMessage
        error={actionData?.error}
        errors={actionData?.errors}
        labelOf={(name) => ACCOUNT_LABELS[name] ?? name}
        success={actionData?.success}
      />
      {staff.twoFactorRequired && !actionData?.backupCodes ? (
        <p className="admin-alert admin-alert--error">
          {staff.school.name} requires administrators to use two-factor sign-in. Set it up below; the rest of the staff area opens once it
          is on.
        </p>
      ) : null}
      <section aria-labelledby="password-heading" className="admin-section">
        <h2 id="password-heading">Change your password</h2>
        <Form method="post" className="admin-form">
          <CsrfField />
          <Field
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={passwordErrors.currentPassword}
          />
          <Field
            name="newPassword"
            label="New password"
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            error={passwordErrors.newPassword}
            hint={`At least ${PASSWORD_MIN_LENGTH} characters. Your other sessions will be signed out.`}
          />
          <button className="btn" type="submit" name="intent" value="password" disabled={busy}>
            Change password
          </button>
        </Form>
      </section>
      <section aria-labelledby="two-factor-heading" className="admin-section">
        <h2 id="two-factor-heading">Two-factor sign-in</h2>
        <TwoFactor on={twoFactorOn} outcome={actionData?.intent.startsWith('two-factor') ? actionData : undefined} busy={busy} />
      </section>
    </>
  );
}
