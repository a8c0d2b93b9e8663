import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { signInBody, twoFactorBody, fieldErrors } from '@sthsm/contract/staff';
import type { Route } from './+types/login';
import { AuthCard } from '../../components/admin/auth-card';
import { Field, FormMessage } from '../../components/admin/fields';
import { adminApi, formValues, relayCookies, safeNext, type Me } from '../../lib/staff/admin-api.server';
import { adminMeta } from '../../lib/staff/admin-meta';
import { currentSchool } from '../../lib/school.server';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Sign in', matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = safeNext(url.searchParams.get('next'));
  // Already signed in: straight on.
  const me = await adminApi<Me>(request, '/me');
  if (me.ok) throw redirect(next);
  return { next, ended: url.searchParams.has('ended') };
}

type SignInAnswer = { signedIn: true } | { signedIn: false; twoFactorRequired: true; challenge: string };

export async function action({ request }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const next = safeNext(values.next ?? null);
  const school = currentSchool(request);
  if (values.challenge) {
    const parsed = twoFactorBody.safeParse({ challenge: values.challenge, code: values.code ?? '', school });
    if (!parsed.success)
      return data(
        { step: 'code' as const, challenge: values.challenge, error: fieldErrors(parsed.error).code ?? 'Enter the code.', email: '' },
        { status: 400 },
      );
    const answer = await adminApi<SignInAnswer>(request, '/session/two-factor', { method: 'POST', body: parsed.data });
    if (answer.ok) throw redirect(next, { headers: relayCookies(answer) });
    const expired = answer.status === 401 && /expired/.test(answer.error);
    return data(
      {
        step: expired ? ('password' as const) : ('code' as const),
        challenge: expired ? '' : values.challenge,
        error: answer.error,
        email: '',
      },
      { status: answer.status || 503, headers: answer.retryAfter ? { 'retry-after': String(answer.retryAfter) } : {} },
    );
  }
  const parsed = signInBody.safeParse({ email: values.email ?? '', password: values.password ?? '', school });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return data(
      { step: 'password' as const, challenge: '', error: errors.email ?? errors.password ?? 'Check the form.', email: values.email ?? '' },
      { status: 400 },
    );
  }
  const answer = await adminApi<SignInAnswer>(request, '/session', { method: 'POST', body: parsed.data });
  if (answer.ok && answer.data?.signedIn) throw redirect(next, { headers: relayCookies(answer) });
  if (answer.ok && answer.data && !answer.data.signedIn)
    return { step: 'code' as const, challenge: answer.data.challenge, error: '', email: parsed.data.email };
  return data(
    { step: 'password' as const, challenge: '', error: answer.error, email: values.email ?? '' },
    { status: answer.status || 503, headers: answer.retryAfter ? { 'retry-after': String(answer.retryAfter) } : {} },
  );
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  if (actionData?.step === 'code') {
    return (
      <AuthCard title="Two-factor sign-in">
        <p>Enter the 6-digit code from your authenticator app, or one of your backup codes.</p>
        <FormMessage error={actionData.error} />
        <Form method="post" className="admin-form">
          <input type="hidden" name="challenge" value={actionData.challenge} />
          <input type="hidden" name="next" value={loaderData.next} />
          <Field name="code" label="Code" autoComplete="one-time-code" inputMode="text" />
          <button className="btn" type="submit" disabled={busy}>
            Verify
          </button>
        </Form>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Sign in">
      {loaderData.ended ? (
        <output className="admin-alert">
          Your session ended before your save, so it was not saved. Sign in again to go back to the form: with JavaScript on, what you typed
          is put back in it. Without JavaScript it cannot be kept here; go Back in your browser to copy it first.
        </output>
      ) : null}
      <FormMessage error={actionData?.error} />
      <Form method="post" className="admin-form">
        <input type="hidden" name="next" value={loaderData.next} />
        <Field name="email" label="Email" type="email" autoComplete="username" defaultValue={actionData?.email ?? ''} />
        <Field name="password" label="Password" type="password" autoComplete="current-password" />
        <button className="btn" type="submit" disabled={busy}>
          Sign in
        </button>
      </Form>
      <p className="admin-aside">
        <Link to="/admin/reset-password">Forgot your password?</Link>
      </p>
    </AuthCard>
  );
}
