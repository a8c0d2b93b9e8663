import { data, Form, Link, useNavigation } from 'react-router';
import { fieldErrors, resetRequestBody } from '@sthsm/contract/staff';
import type { Route } from './+types/reset-password';
import { AuthCard } from '../../components/admin/auth-card';
import { Field, FormMessage } from '../../components/admin/fields';
import { adminApi, formValues } from '../../lib/staff/admin-api.server';
import { adminMeta } from '../../lib/staff/admin-meta';
import { currentSchool } from '../../lib/school.server';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Reset your password', matches);
}

export async function action({ request }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const parsed = resetRequestBody.safeParse({ email: values.email ?? '', school: currentSchool(request) });
  if (!parsed.success)
    return data(
      { sent: '', error: fieldErrors(parsed.error).email ?? 'Enter your email address.', email: values.email ?? '' },
      { status: 400 },
    );
  const answer = await adminApi<{ message: string }>(request, '/password-reset', { method: 'POST', body: parsed.data });
  if (answer.ok) return { sent: answer.data?.message ?? '', error: '', email: '' };
  return data({ sent: '', error: answer.error, email: values.email ?? '' }, { status: answer.status || 503 });
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <AuthCard title="Reset your password">
      <p>
        We will e-mail you a link to choose a new password. If e-mail is not set up for this site, ask your school&rsquo;s administrator for
        a link.
      </p>
      <FormMessage error={actionData?.error} success={actionData?.sent} />
      <Form method="post" className="admin-form">
        <Field name="email" label="Email" type="email" autoComplete="username" defaultValue={actionData?.email} />
        <button className="btn" type="submit" disabled={busy}>
          Send reset link
        </button>
      </Form>
      <p className="admin-aside">
        <Link to="/admin/login">Back to sign in</Link>
      </p>
    </AuthCard>
  );
}
