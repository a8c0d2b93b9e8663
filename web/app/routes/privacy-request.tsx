import { data, Link } from 'react-router';
import { fieldErrors } from '@sthsm/contract/staff';
import { RIGHTS_ABOUT, RIGHTS_KINDS, RIGHTS_RESPONSE_DAYS, rightsRequestSchema } from '@sthsm/contract/rights-requests';
import type { Route } from './+types/privacy-request';
import { PageHeader, PageHeaderError } from '../components/page-header';
import { Notice } from '../components/subscribe/choices';
import type { HydrationHandle } from '../lib/hydration';
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
const LABELS: Record<Field, string> = {
  kind: 'What you ask for',
  about: 'About whom',
  childName: 'Your child’s name',
  childClass: 'Your child’s class',
  name: 'Your name',
  email: 'Email',
  phone: 'Mobile number (optional)',
  correction: 'What should be corrected',
};

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
  const headers: HeadersInit = result.status === 429 && result.retryAfter !== undefined ? { 'retry-after': String(result.retryAfter) } : {};
  return data<ActionData>(
    { status: 'failed', values, message: result.error },
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
  return errors[field] ? (
    <p className="field-error" id={errorId(field)}>
      <span aria-hidden="true">! </span>
      {errors[field]}
    </p>
  ) : null;
}

function Summary({ errors }: { errors: Errors }) {
  const fields = FIELDS.filter((f) => errors[f]);
  if (fields.length === 0) return null;
  return (
    <div className="error-summary" id={`${PREFIX}-summary`} role="alert" tabIndex={-1} aria-labelledby={`${PREFIX}-summary-title`}>
      <h2 id={`${PREFIX}-summary-title`}>{fields.length === 1 ? 'Please correct 1 field' : `Please correct ${fields.length} fields`}</h2>
      <ul>
        {fields.map((field) => (
          <li key={field}>
            <a href={`#${targetOf(field)}`}>
              <span className="error-summary-field">{LABELS[field]}: </span>
              {errors[field]}
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
  return (
    <fieldset
      id={`${PREFIX}-${field}`}
      className={`choices${errors[field] ? ' choices--invalid' : ''}`}
      aria-describedby={errors[field] ? errorId(field) : undefined}
    >
      <legend>{LABELS[field]}</legend>
      <FieldError field={field} errors={errors} />
      {options.map((o) => (
        <div className="choice" key={o.value}>
          <input type="radio" id={`${PREFIX}-${field}-${o.value}`} name={field} value={o.value} defaultChecked={checked === o.value} />
          <label htmlFor={`${PREFIX}-${field}-${o.value}`}>{o.label}</label>
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
      <label htmlFor={inputId(field)}>{LABELS[field]}</label>
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

export default function PrivacyRequest({ actionData }: Route.ComponentProps) {
  const answer = actionData;
  const values = answer && answer.status !== 'sent' ? answer.values : EMPTY;
  const errors: Errors = answer?.status === 'invalid' ? answer.errors : {};
  return (
    <>
      <PageHeader />
      <div className="container page-body subscribe" id="ask">
        {answer?.status === 'sent' ? (
          <>
            <Notice
              id={NOTICE_ID}
              kind="success"
              text={`Check your e-mail: we have sent a link to ${answer.email}. Your request reaches the school when you open it and press “Confirm my request” (within 48 hours).`}
            />
            <p>
              If no e-mail comes within a few minutes, look in your spam folder, or{' '}
              <Link to="/privacy/request">send the request again</Link>.
            </p>
          </>
        ) : (
          <>
            <p className="lead">
              You can ask the school for a copy of the personal data it holds about you or your child, for it to be corrected, or for it to
              be erased. We confirm your request by e-mail, then answer within {RIGHTS_RESPONSE_DAYS} days. See the{' '}
              <Link to="/privacy">privacy notice</Link> for what the school keeps and why.
            </p>
            {/* The fragment brings the answer's page back to this form, its message in view, without JavaScript. */}
            <form method="post" action="/privacy/request#ask" noValidate className="subscribe-form" aria-label="Ask for your data">
              {answer?.status === 'failed' ? <Notice id={NOTICE_ID} kind="failure" text={answer.message} /> : null}
              <Summary errors={errors} />
              <Choices field="kind" options={RIGHTS_KINDS} checked={values.kind} errors={errors} />
              <Choices field="about" options={RIGHTS_ABOUT} checked={values.about} errors={errors} />
              <TextField
                field="childName"
                values={values}
                errors={errors}
                hint="Only when the request is about your child."
                maxLength={100}
              />
              <TextField field="childClass" values={values} errors={errors} hint="For example: IV B." maxLength={40} />
              <TextField field="name" values={values} errors={errors} required autoComplete="name" maxLength={100} />
              <TextField
                field="email"
                type="email"
                values={values}
                errors={errors}
                required
                autoComplete="email"
                hint="We send a link to this address: your request reaches the school when you open it. We also look for your data under it."
                maxLength={254}
              />
              <TextField
                field="phone"
                type="tel"
                values={values}
                errors={errors}
                autoComplete="tel"
                hint="If you gave the school a mobile number, we look for your data under it too."
                maxLength={30}
              />
              <TextField
                field="correction"
                values={values}
                errors={errors}
                multiline
                hint="Only for a correction: what is wrong, and what it should say."
                maxLength={2000}
              />
              <div className="form-actions">
                <button type="submit" className="button button--primary">
                  Send my request
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
  return <PageHeaderError message="The request page could not be shown just now. Please reload the page or try again later." />;
}
