import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { fieldErrors, setPasswordBody } from '@sthsm/contract/staff';
import { PASSWORD_MIN_LENGTH } from '@sthsm/contract/staff-words';
import type { Route } from './+types/set-password';
import { AuthCard } from '../../components/admin/auth-card';
import { Field, FormMessage } from '../../components/admin/fields';
import { adminApi, formValues, relayCookies, type Me } from '../../lib/staff/admin-api.server';
import { adminMeta } from '../../lib/staff/admin-meta';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Choose your password', matches);
}

interface LinkInfo {
  purpose: 'invite' | 'reset' | 'setup';
  email: string | null;
  name: string | null;
  school: { name: string } | null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const [answer, me] = await Promise.all([
    adminApi<LinkInfo>(request, `/links/${encodeURIComponent(params.token)}`),
    adminApi<Me>(request, '/me'),
  ]);
  const info = answer.data;
  if (!answer.ok || !info || info.purpose === 'setup') {
    return data(
      {
        valid: false as const,
        error: answer.error || 'This link cannot be used here.',
        invite: false,
        email: '',
        name: '',
        school: '',
        signedInAs: '',
        csrf: '',
      },
      { status: answer.status === 0 ? 503 : 404 },
    );
  }
  return {
    valid: true as const,
    error: '',
    invite: info.purpose === 'invite',
    email: info.email ?? '',
    name: info.name ?? '',
    school: info.school?.name ?? '',
    // An invitation to someone already signed in is accepted with one button (their own act, docs/decisions/0117).
    signedInAs: me.ok && me.data ? me.data.user.email : '',
    csrf: me.ok && me.data ? me.data.csrfToken : '',
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  if (values.intent === 'accept') {
    const answer = await adminApi(request, '/invitations/accept', {
      method: 'POST',
      body: { token: params.token },
      csrf: values.csrf ?? '',
    });
    if (answer.ok) throw redirect('/admin');
    return data({ done: false, errors: {} as Record<string, string>, error: answer.error, name: '' }, { status: answer.status || 503 });
  }
  const parsed = setPasswordBody.safeParse({
    token: params.token,
    password: values.password ?? '',
    ...(values.name ? { name: values.name } : {}),
  });
  if (!parsed.success)
    return data(
      { done: false, errors: fieldErrors(parsed.error), error: 'Please correct the highlighted fields.', name: values.name ?? '' },
      { status: 400 },
    );
  const answer = await adminApi<{ signedIn: boolean }>(request, '/set-password', { method: 'POST', body: parsed.data });
  if (answer.ok && answer.data?.signedIn) throw redirect('/admin', { headers: relayCookies(answer) });
  if (answer.ok) return { done: true, errors: {} as Record<string, string>, error: '', name: '' };
  const errors: Record<string, string> = answer.status === 400 ? { password: answer.error } : {};
  return data({ done: false, errors, error: answer.error, name: values.name ?? '' }, { status: answer.status || 503 });
}

/** An invitation seen by someone signed in: to their own address, one button; to another, what to do. */
function SignedInInvitation({
  email,
  school,
  signedInAs,
  csrf,
  error,
}: {
  email: string;
  school: string;
  signedInAs: string;
  csrf: string;
  error: string;
}) {
  const busy = useNavigation().state === 'submitting';
  if (signedInAs !== email) {
    return (
      <AuthCard title="This invitation is for someone else">
        <p>
          You are signed in as <strong>{signedInAs}</strong>. This invitation to the staff of {school} is for <strong>{email}</strong>.
        </p>
        <p>Sign out, then open this link again and sign in as {email}.</p>
        <Form method="post" action="/admin/sign-out">
          <input type="hidden" name="csrf" value={csrf} />
          <button className="btn btn--outline" type="submit">
            Sign out
          </button>
        </Form>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={`Join ${school}`}>
      <p>
        {school} invites you to its staff. You are signed in as <strong>{email}</strong>; your password and two-factor sign-in stay as they
        are.
      </p>
      <FormMessage error={error} />
      <Form method="post" className="admin-form">
        <input type="hidden" name="csrf" value={csrf} />
        <button className="btn" type="submit" name="intent" value="accept" disabled={busy}>
          Join {school}
        </button>
      </Form>
    </AuthCard>
  );
}

export default function SetPassword({ loaderData, actionData, params }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  if (!loaderData.valid) {
    return (
      <AuthCard title="This link cannot be used">
        <FormMessage error={loaderData.error} />
        <p>
          <Link to="/admin/login">Go to sign in</Link>
        </p>
      </AuthCard>
    );
  }
  if (actionData?.done) {
    return (
      <AuthCard title="Password changed">
        <FormMessage success="Your new password is set. Every earlier session has ended." />
        <p>
          <Link className="btn" to="/admin/login">
            Sign in
          </Link>
        </p>
      </AuthCard>
    );
  }
  if (loaderData.invite && loaderData.signedInAs) {
    return (
      <SignedInInvitation
        email={loaderData.email}
        school={loaderData.school}
        signedInAs={loaderData.signedInAs}
        csrf={loaderData.csrf}
        error={actionData?.error ?? ''}
      />
    );
  }
  const errors: Record<string, string> = actionData?.errors ?? {};
  const signInHere = `/admin/login?next=${encodeURIComponent(`/admin/set-password/${params.token}`)}`;
  return (
    <AuthCard title={loaderData.invite ? 'Join the staff area' : 'Choose a new password'}>
      <p>
        {loaderData.invite ? `You are invited to the staff of ${loaderData.school}. ` : ''}
        Your account: <strong>{loaderData.email}</strong>
      </p>
      <FormMessage error={actionData?.error} />
      <Form method="post" className="admin-form">
        {loaderData.invite ? (
          <Field
            name="name"
            label="Your name"
            required={false}
            autoComplete="name"
            defaultValue={actionData?.name || loaderData.name}
            error={errors.name}
          />
        ) : null}
        <Field
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          error={errors.password}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a good one.`}
        />
        <button className="btn" type="submit" disabled={busy}>
          Set password
        </button>
      </Form>
      {loaderData.invite ? (
        <p>
          Already have a staff account? <Link to={signInHere}>Sign in to accept the invitation</Link>
        </p>
      ) : null}
    </AuthCard>
  );
}
