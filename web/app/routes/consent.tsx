import { data } from 'react-router';
import type { GuardianConsentView } from '@sthsm/contract/children';
import type { Route } from './+types/consent';
import { PageHeader, PageHeaderError } from '../components/page-header';
import { Notice } from '../components/subscribe/choices';
import { consentApi } from '../lib/consent.server';
import type { HydrationHandle } from '../lib/hydration';
import { currentSchool } from '../lib/school.server';
import '../styles/forms.css';
import '../styles/subscribe.css';

/**
 * /consent/{token}: the link a school e-mails a guardian to confirm consent (issue 37,
 * docs/decisions/0151). Plain forms posting to this route's action, so it works with no JavaScript
 * at all: within 14 days a yes or no for each purpose; afterwards what is in effect, each purpose
 * with its own Withdraw button (as easy as giving it). A GET changes nothing (mail scanners follow
 * links). Personal to its link: never cached, never indexed, and no React in the browser.
 */
export const handle: HydrationHandle = { hydrate: false };

const PRIVATE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };
const INCOMPLETE = 'This link is not complete. Please open the link in the school’s e-mail again, or copy all of it.';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

type PageData =
  | { state: 'ok'; consent: GuardianConsentView; message: string; errors: Record<string, string>; failure: string }
  | { state: 'failed'; message: string };

export function headers() {
  return PRIVATE;
}

const failed = (message: string, status: number) => data<PageData>({ state: 'failed', message }, { status, headers: PRIVATE });

export async function loader({ request, params }: Route.LoaderArgs) {
  const token = params.token ?? '';
  if (!TOKEN.test(token)) return failed(INCOMPLETE, 200);
  const result = await consentApi(currentSchool(request), token).view();
  if (!result.ok) return failed(result.error, result.status === 404 ? 404 : 503);
  return data<PageData>({ state: 'ok', consent: result.consent, message: '', errors: {}, failure: '' }, { headers: PRIVATE });
}

export async function action({ request, params }: Route.ActionArgs) {
  const token = params.token ?? '';
  if (!TOKEN.test(token)) return failed(INCOMPLETE, 400);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const api = consentApi(currentSchool(request), token, request.headers.get('x-forwarded-for') ?? undefined);
  let result;
  if (intent.startsWith('withdraw-')) {
    result = await api.withdraw(intent.slice('withdraw-'.length));
  } else {
    const answers: Record<string, string> = {};
    for (const [key, value] of form) if (key !== 'intent' && typeof value === 'string') answers[key] = value;
    result = await api.answer(answers);
  }
  if (result.ok)
    return data<PageData>({ state: 'ok', consent: result.consent, message: result.message, errors: {}, failure: '' }, { headers: PRIVATE });
  if (result.status === 404) return failed(result.error, 404);
  // Refused (an answer missing, answered already) or not reached: the page as it is now, with the words.
  const now = await api.view();
  if (!now.ok) return failed(result.error, result.status || 503);
  return data<PageData>(
    { state: 'ok', consent: now.consent, message: '', errors: result.errors, failure: result.error },
    { status: result.status || 503, headers: PRIVATE },
  );
}

/** "31 March 2026" for a day (YYYY-MM-DD) or the day of an instant. */
const dayWords = (day: string) =>
  new Date(`${day.slice(0, 10)}T00:00:00.000Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

const STATE_WORDS = {
  given: (endsOn: string | null) => `You have given consent${endsOn ? `, until ${dayWords(endsOn)}` : ''}.`,
  withdrawn: () => 'Withdrawn: not shown.',
  ended: () => 'Ended: not shown.',
  'not-given': () => 'Not given: not shown.',
} as const;

function Answer({ consent, errors }: { consent: GuardianConsentView; errors: Record<string, string> }) {
  return (
    <form method="post" className="subscribe-form" noValidate>
      <p>Please answer yes or no for each. Nothing is shown unless you answer yes. You can answer until {dayWords(consent.confirmBy)}.</p>
      {consent.purposes.map((p) => {
        const error = errors[p.purpose];
        const errorId = `${p.purpose}-error`;
        return (
          <fieldset
            key={p.purpose}
            className={error ? 'choices choices--invalid' : 'choices'}
            {...(error ? { 'aria-describedby': errorId } : {})}
          >
            <legend>{p.label}</legend>
            <p>
              {p.words}, until {dayWords(consent.endsOn)}.
            </p>
            {error ? (
              <p id={errorId} className="field-error">
                {error}
              </p>
            ) : null}
            <div className="choice">
              <input type="radio" id={`${p.purpose}-yes`} name={p.purpose} value="yes" required />
              <label htmlFor={`${p.purpose}-yes`}>Yes, I agree</label>
            </div>
            <div className="choice">
              <input type="radio" id={`${p.purpose}-no`} name={p.purpose} value="no" required />
              <label htmlFor={`${p.purpose}-no`}>No</label>
            </div>
          </fieldset>
        );
      })}
      <div className="form-actions">
        <button type="submit" name="intent" value="answer" className="button button--primary">
          Send my answer
        </button>
      </div>
    </form>
  );
}

function InEffect({ consent }: { consent: GuardianConsentView }) {
  return (
    <>
      <h2>What is in effect</h2>
      <ul className="guardian-consent-list">
        {consent.purposes.map((p) => (
          <li key={p.purpose}>
            <h3>{p.label}</h3>
            <p>{p.words}.</p>
            <p>
              <strong>{STATE_WORDS[p.state](p.endsOn)}</strong>
            </p>
            {p.state === 'given' ? (
              <form method="post">
                <button type="submit" name="intent" value={`withdraw-${p.purpose}`} className="button button--secondary">
                  Withdraw consent: {p.label}
                </button>
              </form>
            ) : null}
          </li>
        ))}
      </ul>
      <p>A withdrawal takes effect at once: the school’s website stops showing your child for that purpose.</p>
    </>
  );
}

export default function ConsentPage({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  return (
    <>
      <PageHeader />
      <div className="container page-body subscribe">
        {page.state === 'failed' ? (
          <Notice id="consent-notice" kind="failure" text={page.message} />
        ) : (
          <>
            {page.message ? <Notice id="consent-notice" kind="success" text={page.message} /> : null}
            {page.failure ? <Notice id="consent-notice" kind="failure" text={page.failure} /> : null}
            <p>
              Dear {page.consent.guardianName}, {page.consent.school} asks your consent before showing {page.consent.childFirstName} (class{' '}
              {page.consent.childClass}) on the school website.
            </p>
            {page.consent.status === 'pending' ? (
              <Answer consent={page.consent} errors={page.errors} />
            ) : (
              <InEffect consent={page.consent} />
            )}
          </>
        )}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <PageHeaderError message="This page could not be shown just now. Please open the link in the e-mail again in a few minutes." />;
}
