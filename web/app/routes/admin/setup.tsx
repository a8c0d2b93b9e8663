import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { fieldErrors, setupBody } from '@sthsm/contract/staff';
import { PASSWORD_MIN_LENGTH } from '@sthsm/contract/staff-words';
import type { Route } from './+types/setup';
import { AuthCard } from '../../components/admin/auth-card';
import { Field, FormMessage } from '../../components/admin/fields';
import { adminApi, formValues, relayCookies } from '../../lib/staff/admin-api.server';
import { adminMeta } from '../../lib/staff/admin-meta';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Create the first administrator', matches);
}

interface LinkInfo {
  purpose: string;
  school: { code: string; name: string } | null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const answer = await adminApi<LinkInfo>(request, `/links/${encodeURIComponent(params.token)}`);
  if (!answer.ok || answer.data?.purpose !== 'setup')
    return data(
      { valid: false as const, error: answer.error || 'This link is not a setup link.', school: '' },
      { status: answer.status === 0 ? 503 : 404 },
    );
  return { valid: true as const, error: '', school: answer.data.school?.name ?? '' };
}

export async function action({ request, params }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const parsed = setupBody.safeParse({
    token: params.token,
    name: values.name ?? '',
    email: values.email ?? '',
    password: values.password ?? '',
  });
  const keep = { name: values.name ?? '', email: values.email ?? '' };
  if (!parsed.success)
    return data({ errors: fieldErrors(parsed.error), error: 'Please correct the highlighted fields.', ...keep }, { status: 400 });
  const answer = await adminApi(request, '/setup', { method: 'POST', body: parsed.data });
  if (answer.ok) throw redirect('/admin', { headers: relayCookies(answer) });
  const errors: Record<string, string> = answer.status === 400 ? { password: answer.error } : {};
  return data({ errors, error: answer.error, ...keep }, { status: answer.status || 503 });
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
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
  const errors = actionData?.errors ?? {};
  return (
    <AuthCard title="Create the first administrator">
      <p>You are setting up the staff area of {loaderData.school}. This account can invite the rest of the staff.</p>
      <FormMessage error={actionData?.error} />
      <Form method="post" className="admin-form">
        <Field name="name" label="Your name" autoComplete="name" defaultValue={actionData?.name} error={errors.name} />
        <Field name="email" label="Email" type="email" autoComplete="username" defaultValue={actionData?.email} error={errors.email} />
        <Field
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          error={errors.password}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a good one.`}
        />
        <button className="btn" type="submit" disabled={busy}>
          Create administrator account
        </button>
      </Form>
    </AuthCard>
  );
}
