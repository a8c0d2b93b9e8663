import type { ReactNode } from 'react';
import { data, Link } from 'react-router';
import { HONEYPOT_FIELD, validateAlumniForm } from '@sthsm/contract';
import type { Route } from './+types/alumni';
import { PageHeader, PageHeaderError } from '../components/page-header';
import { AlumniForm } from '../components/alumni/alumni-form';
import { actionStatus, readHoneypot, readValues, toActionData, type AlumniActionData } from '../components/alumni/submit-result';
import { postForm } from '../lib/api.server';
import { SchoolText } from '../components/english-note';
import { useI18n } from '../i18n/i18n';
import { i18nFor } from '../i18n/i18n.server';
import { useRootData } from '../lib/root-data';
import { currentSchool } from '../lib/school.server';
import type { HydrationHandle } from '../lib/hydration';
import '../styles/forms.css';

/** SPEC §7: "formType is a fixed placeholder value". */
const FORM_TYPE = 'alumni';

/**
 * No React in the browser (docs/decisions/0076): the form is a plain POST to this route's action, and
 * its checks before sending, its messages and its answer in place are one small module (islands/alumni.ts).
 */
export const handle: HydrationHandle = { hydrate: false, island: 'alumni' };

export function loader() {
  // The batch list is computed here so that the server's HTML and the browser agree on "this year".
  return { currentYear: new Date().getFullYear() };
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
  // X-Forwarded-For is the visitor's address as api/src/site.ts resolved it under TRUST_PROXY
  // (never what the client wrote), for the API's per-address rate limit (docs/decisions/0017).
  const result = await postForm(currentSchool(request), FORM_TYPE, body, request.headers.get('x-forwarded-for') ?? undefined);
  const { locale, t } = await i18nFor(request);
  const answer = toActionData(result, values, locale === 'en' ? undefined : t);
  if (!result.ok) console.warn(`alumni form: API answered ${result.status}`);
  const headers: HeadersInit =
    !result.ok && result.status === 429 && result.retryAfter !== undefined ? { 'retry-after': String(result.retryAfter) } : {};
  return data(answer, { status: actionStatus(answer, result), headers });
}

/** The privacy notice's link in the lead, in the page's language. */
function PrivacyLink({ children }: { children: ReactNode }) {
  const { path } = useI18n();
  return <Link to={path('/privacy')}>{children}</Link>;
}
const privacyLink = (chunks: ReactNode[]) => <PrivacyLink>{chunks}</PrivacyLink>;

export default function Alumni({ loaderData, actionData }: Route.ComponentProps) {
  const schoolName = useRootData().school?.name;
  const { t, rich } = useI18n();
  // The school's name, as it gave it (English until content is translated).
  const school = schoolName ? <SchoolText>{schoolName}</SchoolText> : schoolName;
  return (
    <>
      <PageHeader />
      <div className="container page-body">
        <p className="lead">{rich('forms.alumni.lead', { school: school ?? t('forms.alumni.ourSchool'), privacy: privacyLink })}</p>
        <AlumniForm currentYear={loaderData.currentYear} actionData={actionData} />
      </div>
    </>
  );
}

export function ErrorBoundary() {
  const { t } = useI18n();
  return <PageHeaderError message={t('forms.alumni.unavailable')} />;
}
