import type { ReactNode } from 'react';
import { data, Link } from 'react-router';
import { fieldErrors } from '@sthsm/contract/staff';
import { RIGHTS_ABOUT, RIGHTS_KINDS, RIGHTS_RESPONSE_DAYS, rightsRequestSchema } from '@sthsm/contract/rights-requests';
import type { Route } from './+types/privacy-request';
import { PageHeader, PageHeaderError } from '../components/page-header';
import { Notice } from '../components/subscribe/choices';
import type { HydrationHandle } from '../lib/hydration';
import { useI18n } from '../i18n/i18n';
import { i18nFor } from '../i18n/i18n.server';
import { rightsChoiceLabel, rightsErrorText, RIGHTS_LABEL_KEYS } from '../components/subscribe/rights-words';
import { currentSchool } from '../lib/school.server';
import { rightsApi } from '../lib/rights.server';
import '../styles/forms.css';
import '../styles/subscribe.css';

/**
 * /privacy/request: a person asks the school for a copy of their data (or their child's), its
 * correction or its erasure (issue 37, DPDP Act 2023 ss.11–13). A plain POST to this route's action,
 * checked with the one shared schema; the request waits for the link mailed to the address given
 * (docs/decisions/0150). No React in the browser: the subscription pages' island moves focus to the
 * error summary or the answer (#subscribe-notice), and the form's fragment brings it into view.
 */
export const handle: HydrationHandle = { hydrate: false, island: 'subscribe' };

const PREFIX = 'rr';
const NOTICE_ID = 'subscribe-notice';
const FIELDS = ['kind', 'about', 'childName', 'childClass', 'name', 'email', 'phone', 'correction'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = { kind: '', about: 'me', childName: '', childClass: '', name: '', email: '', phone: '', correction: '' };

type ActionData =
  | { status: 'sent'; email: string }
  | { status: 'invalid'; values: Values; errors: Errors }
  | { status: 'failed'; values: Values; message: string };

function readValues(form: FormData): Values {
  const values = { ...EMPTY };
  for (const field of FIELDS) {
    const value = form.get(field);
    values[field] = typeof value === 'string' ? value.slice(0, 3000) : '';
  }
  return values;
}

const known = (errors: Record<string, string>): Errors => {
  const out: Errors = {};
  for (const field of FIELDS) if (errors[field]) out[field] = errors[field];
  return out;
};

export async function action({ request }: Route.ActionArgs) {
  const values = readValues(await request.formData());
  const parsed = rightsRequestSchema.safeParse(values);
  if (!parsed.success) {
    return data<ActionData>({ status: 'invalid', values, errors: known(fieldErrors(parsed.error)) }, { status: 400 });
  }
  // X-Forwarded-For is the visitor's address as api/src/site.ts resolved it (as /subscribe passes it).
  const clientIp = request.headers.get('x-forwarded-for') ?? undefined;
  const result = await rightsApi(currentSchool(request)).send(parsed.data, clientIp);
  if (result.ok) return data<ActionData>({ status: 'sent', email: parsed.data.email }, { status: 202 });
  if (result.status === 400 && Object.keys(known(result.errors)).length) {
    return data<ActionData>({ status: 'invalid', values, errors: known(result.errors) }, { status: 400 });
  }
  console.warn(`privacy request form: API answered ${result.status}`);
  // The API's message is English; a page in another language says the same in its own words.
  const { locale, t } = await i18nFor(request);
  const headers: HeadersInit = result.status === 429 && result.retryAfter !== undefined ? { 'retry-after': String(result.retryAfter) } : {};
  return data<ActionData>(
    { status: 'failed', values, message: locale === 'en' ? result.error : t('forms.request.failed') },
    { status: result.status === 429 || result.status === 503 ? result.status : 502, headers },
  );
}

const errorId = (field: Field) => `${PREFIX}-${field}-error`;
const inputId = (field: Field) => `${PREFIX}-${field}`;
/** Where a summary's link for a field leads: its box, or a group's first choice. */
const targetOf = (field: Field) =>
  field === 'kind'
    ? `${PREFIX}-kind-${RIGHTS_KINDS[0].value}`
    : field === 'about'
      ? `${PREFIX}-about-${RIGHTS_ABOUT[0].value}`
      : inputId(field);

function FieldError({ field, errors }: { field: Field; errors: Errors }) {
  const i18n = useI18n();
  const message = errors[field];
  return message ? (
    <p className="field-error" id={errorId(field)}>
      <span aria-hidden="true">! </span>
      {rightsErrorText(i18n, field, message)}
    </p>
  ) : null;
}

function Summary({ errors }: { errors: Errors }) {
  const i18n = useI18n();
  const { t } = i18n;
  const fields = FIELDS.filter((f) => errors[f]);
  if (fields.length === 0) return null;
  return (
    <div className="error-summary" id={`${PREFIX}-summary`} role="alert" tabIndex={-1} aria-labelledby={`${PREFIX}-summary-title`}>
      <h2 id={`${PREFIX}-summary-title`}>{t('forms.request.summary', { count: fields.length })}</h2>
      <ul>
        {fields.map((field) => (
          <li key={field}>
            <a href={`#${targetOf(field)}`}>
              <span className="error-summary-field">{t(RIGHTS_LABEL_KEYS[field])}: </span>
              {rightsErrorText(i18n, field, errors[field] ?? '')}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Choices({
  field,
  options,
  checked,
  errors,
}: {
  field: 'kind' | 'about';
  options: ReadonlyArray<{ value: string; label: string }>;
  checked: string;
  errors: Errors;
}) {
  const { t } = useI18n();
  return (
    <fieldset
      id={`${PREFIX}-${field}`}
      className={`choices${errors[field] ? ' choices--invalid' : ''}`}
      aria-describedby={errors[field] ? errorId(field) : undefined}
    >
      <legend>{t(RIGHTS_LABEL_KEYS[field])}</legend>
      <FieldError field={field} errors={errors} />
      {options.map((o) => (
        <div className="choice" key={o.value}>
          <input type="radio" id={`${PREFIX}-${field}-${o.value}`} name={field} value={o.value} defaultChecked={checked === o.value} />
          <label htmlFor={`${PREFIX}-${field}-${o.value}`}>{rightsChoiceLabel(t, field, o)}</label>
        </div>
      ))}
    </fieldset>
  );
}

function TextField({
  field,
  values,
  errors,
  hint,
  type = 'text',
  required = false,
  multiline = false,
  autoComplete,
  maxLength,
}: {
  field: Field;
  values: Values;
  errors: Errors;
  hint?: string;
  type?: 'text' | 'email' | 'tel';
  required?: boolean;
  multiline?: boolean;
  autoComplete?: string;
  maxLength: number;
}) {
  const { t } = useI18n();
  const hintId = `${PREFIX}-${field}-hint`;
  const describedBy = [hint ? hintId : '', errors[field] ? errorId(field) : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id: inputId(field),
    name: field,
    defaultValue: values[field],
    maxLength,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy,
    ...(required ? { 'aria-required': true } : {}),
  };
  return (
    <div className={`field${errors[field] ? ' field--invalid' : ''}`}>
      <label htmlFor={inputId(field)}>{t(RIGHTS_LABEL_KEYS[field])}</label>
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {multiline ? (
        <textarea {...common} rows={4} />
      ) : (
        <input
          {...common}
          type={type}
          autoComplete={autoComplete}
          {...(type === 'email' ? { inputMode: 'email' as const, spellCheck: false } : {})}
        />
      )}
      <FieldError field={field} errors={errors} />
    </div>
  );
}

const againLink = (chunks: ReactNode[]) => <SiteLink to="/privacy/request">{chunks}</SiteLink>;
const privacyLink = (chunks: ReactNode[]) => <SiteLink to="/privacy">{chunks}</SiteLink>;

/** A link of the page's text to another page of the site, in the page's language. */
function SiteLink({ to, children }: { to: string; children: ReactNode }) {
  const { path } = useI18n();
  return <Link to={path(to)}>{children}</Link>;
}

export default function PrivacyRequest({ actionData }: Route.ComponentProps) {
  const { t, rich, path } = useI18n();
  const answer = actionData;
  const values = answer && answer.status !== 'sent' ? answer.values : EMPTY;
  const errors: Errors = answer?.status === 'invalid' ? answer.errors : {};
  return (
    <>
      <PageHeader />
      <div className="container page-body subscribe" id="ask">
        {answer?.status === 'sent' ? (
          <>
            <Notice id={NOTICE_ID} kind="success" text={t('forms.request.sent', { email: answer.email })} />
            <p>{rich('forms.request.noMail', { again: againLink })}</p>
          </>
        ) : (
          <>
            <p className="lead">{rich('forms.request.lead', { days: RIGHTS_RESPONSE_DAYS, privacy: privacyLink })}</p>
            {/* The fragment brings the answer's page back to this form, its message in view, without JavaScript. */}
            <form
              method="post"
              action={path('/privacy/request#ask')}
              noValidate
              className="subscribe-form"
              aria-label={t('forms.request.formName')}
            >
              {answer?.status === 'failed' ? <Notice id={NOTICE_ID} kind="failure" text={answer.message} /> : null}
              <Summary errors={errors} />
              <Choices field="kind" options={RIGHTS_KINDS} checked={values.kind} errors={errors} />
              <Choices field="about" options={RIGHTS_ABOUT} checked={values.about} errors={errors} />
              <TextField field="childName" values={values} errors={errors} hint={t('forms.request.childNameHint')} maxLength={100} />
              <TextField field="childClass" values={values} errors={errors} hint={t('forms.request.childClassHint')} maxLength={40} />
              <TextField field="name" values={values} errors={errors} required autoComplete="name" maxLength={100} />
              <TextField
                field="email"
                type="email"
                values={values}
                errors={errors}
                required
                autoComplete="email"
                hint={t('forms.request.emailHint')}
                maxLength={254}
              />
              <TextField
                field="phone"
                type="tel"
                values={values}
                errors={errors}
                autoComplete="tel"
                hint={t('forms.request.phoneHint')}
                maxLength={30}
              />
              <TextField
                field="correction"
                values={values}
                errors={errors}
                multiline
                hint={t('forms.request.correctionHint')}
                maxLength={2000}
              />
              <div className="form-actions">
                <button type="submit" className="button button--primary">
                  {t('forms.request.send')}
                </button>
              </div>
            </form>
          </>
        )}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  const { t } = useI18n();
  return <PageHeaderError message={t('forms.request.unavailable')} />;
}
