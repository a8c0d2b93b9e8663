// First: zod must be told to skip its JIT before the contract's schema is built.
import '../lib/zod-jitless';
import { data } from 'react-router';
import { getProfile } from '@sthsm/content/profile';
import { HONEYPOT_FIELD, validateAlumniForm } from '@sthsm/contract';
import type { Route } from './+types/alumni';
import { PageHeader } from '../components/PageHeader';
import { AlumniForm } from '../components/alumni/AlumniForm';
import {
  actionStatus, readHoneypot, readValues, toActionData, type AlumniActionData,
} from '../components/alumni/submit-result';
import { postForm, schoolCode } from '../lib/api.server';
import { pageMeta, siteUrlFrom } from '../lib/seo';
import '../styles/forms.css';

/** SPEC §7: "formType is a fixed placeholder value". */
const FORM_TYPE = 'alumni';

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: 'Alumni Registration',
      description: `Former students of ${loaderData?.schoolName ?? 'the school'}: register as alumni and stay in touch with your school, your batch and your teachers.`,
      path: '/alumni',
    },
    siteUrlFrom(matches),
    loaderData?.schoolName ?? '',
  );
}

export async function loader() {
  const profile = getProfile(schoolCode());
  // The batch list is computed here so that the server's HTML and the browser agree on "this year".
  return { schoolName: profile?.name ?? '', currentYear: new Date().getFullYear() };
}

/**
 * The visitor's address for the API's per-address rate limit. Only forwarded when the operator
 * says a trusted proxy sets X-Forwarded-For (TRUST_PROXY); otherwise the header could be forged,
 * and the API (which then does not trust it either) counts every site post as this server's.
 */
function forwardedFor(request: Request): string | undefined {
  const trust = (process.env.TRUST_PROXY ?? '').trim().toLowerCase();
  if (['', 'off', 'false', '0', 'no'].includes(trust)) return undefined;
  return request.headers.get('x-forwarded-for') ?? undefined;
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const values = readValues(formData);
  const validation = validateAlumniForm(values);
  if (!validation.ok) {
    const invalid: AlumniActionData = { status: 'invalid', values, errors: validation.errors, message: null };
    return data(invalid, { status: 400 });
  }
  const honeypot = readHoneypot(formData);
  const body: Record<string, string> = { ...validation.data, ...(honeypot ? { [HONEYPOT_FIELD]: honeypot } : {}) };
  const result = await postForm(FORM_TYPE, body, forwardedFor(request));
  const answer = toActionData(result, values);
  if (!result.ok) console.warn(`alumni form: API answered ${result.status}`);
  const headers: HeadersInit =
    !result.ok && result.status === 429 && result.retryAfter !== undefined ? { 'retry-after': String(result.retryAfter) } : {};
  return data(answer, { status: actionStatus(answer, result), headers });
}

export default function Alumni({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Alumni Registration" section={{ label: 'Admission' }} />
      <div className="container page-body">
        <p className="lead">
          Studied at {loaderData.schoolName || 'our school'}? Register below so that the school can keep in touch with you
          about alumni meetings, reunions of your batch and news from the campus. We use these details only to contact you.
        </p>
        <AlumniForm currentYear={loaderData.currentYear} actionData={actionData} />
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <>
      <PageHeader title="Alumni Registration" section={{ label: 'Admission' }} />
      <div className="container page-body">
        <p role="alert">The alumni form could not be shown just now. Please reload the page or try again later.</p>
      </div>
    </>
  );
}
