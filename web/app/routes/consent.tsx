import { data } from 'react-router';
import type { GuardianConsentView } from '@sthsm/contract/children';
import type { Route } from './+types/consent';
import { PageHeader, PageHeaderError } from '../components/page-header';
import { Notice } from '../components/subscribe/choices';
import { consentFieldError, consentMessage, purposeText } from '../components/subscribe/consent-words';
import { SchoolText } from '../components/english-note';
import { useI18n } from '../i18n/i18n';
import { i18nFor } from '../i18n/i18n.server';
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
  const [i18n, result] = await Promise.all([i18nFor(request), TOKEN.test(token) ? consentApi(currentSchool(request), token).view() : null]);
  if (!result) return failed(i18n.t('forms.consent.incomplete'), 200);
  if (!result.ok) return failed(consentMessage(i18n, result.error, result.status), result.status === 404 ? 404 : 503);
  return data<PageData>({ state: 'ok', consent: result.consent, message: '', errors: {}, failure: '' }, { headers: PRIVATE });
}

export async function action({ request, params }: Route.ActionArgs) {
  const token = params.token ?? '';
  // The API's words are English; a page in another language shows its own (consent-words.ts).
  const i18n = await i18nFor(request);
  if (!TOKEN.test(token)) return failed(i18n.t('forms.consent.incomplete'), 400);
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
  if (result.ok) {
    const message = consentMessage(i18n, result.message);
    return data<PageData>({ state: 'ok', consent: result.consent, message, errors: {}, failure: '' }, { headers: PRIVATE });
  }
  const failure = consentMessage(i18n, result.error, result.status);
  if (result.status === 404) return failed(failure, 404);
  // Refused (an answer missing, answered already) or not reached: the page as it is now, with the words.
  const now = await api.view();
  if (!now.ok) return failed(failure, result.status || 503);
  const errors = Object.fromEntries(
    Object.entries(result.errors).map(([purpose, error]) => [purpose, consentFieldError(i18n, purpose, error)]),
  );
  return data<PageData>(
    { state: 'ok', consent: now.consent, message: '', errors, failure },
    { status: result.status || 503, headers: PRIVATE },
  );
}

/** "31 March 2026" (in the page's language) for a day (YYYY-MM-DD) or the day of an instant. */
const dayOf = (day: string) => `${day.slice(0, 10)}T00:00:00.000Z`;

/** What is in effect for a purpose, in words. */
function stateWords({ t, longDate }: Pick<ReturnType<typeof useI18n>, 't' | 'longDate'>, state: string, endsOn: string | null): string {
  if (state === 'given') return endsOn ? t('forms.consent.givenUntil', { date: longDate(dayOf(endsOn)) }) : t('forms.consent.given');
  if (state === 'withdrawn') return t('forms.consent.stateWithdrawn');
  if (state === 'ended') return t('forms.consent.stateEnded');
  return t('forms.consent.stateNotGiven');
}

function Answer({ consent, errors }: { consent: GuardianConsentView; errors: Record<string, string> }) {
  const i18n = useI18n();
  const { t, longDate } = i18n;
  return (
    <form method="post" className="subscribe-form" noValidate>
      <p>{t('forms.consent.pleaseAnswer', { date: longDate(dayOf(consent.confirmBy)) })}</p>
      {consent.purposes.map((p) => {
        const { label, words } = purposeText(i18n, p);
        const error = errors[p.purpose];
        const errorId = `${p.purpose}-error`;
        return (
          <fieldset
            key={p.purpose}
            className={error ? 'choices choices--invalid' : 'choices'}
            {...(error ? { 'aria-describedby': errorId } : {})}
          >
            <legend>{label}</legend>
            <p>{t('forms.consent.wordsUntil', { words, date: longDate(dayOf(consent.endsOn)) })}</p>
            {error ? (
              <p id={errorId} className="field-error">
                {error}
              </p>
            ) : null}
            <div className="choice">
              <input type="radio" id={`${p.purpose}-yes`} name={p.purpose} value="yes" required />
              <label htmlFor={`${p.purpose}-yes`}>{t('forms.consent.yes')}</label>
            </div>
            <div className="choice">
              <input type="radio" id={`${p.purpose}-no`} name={p.purpose} value="no" required />
              <label htmlFor={`${p.purpose}-no`}>{t('forms.consent.no')}</label>
            </div>
          </fieldset>
        );
      })}
      <div className="form-actions">
        <button type="submit" name="intent" value="answer" className="button button--primary">
          {t('forms.consent.send')}
        </button>
      </div>
    </form>
  );
}

function InEffect({ consent }: { consent: GuardianConsentView }) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <>
      <h2>{t('forms.consent.inEffect')}</h2>
      <ul className="guardian-consent-list">
        {consent.purposes.map((p) => {
          const { label, words } = purposeText(i18n, p);
          return (
            <li key={p.purpose}>
              <h3>{label}</h3>
              <p>{t('forms.consent.words', { words })}</p>
              <p>
                <strong>{stateWords(i18n, p.state, p.endsOn)}</strong>
              </p>
              {p.state === 'given' ? (
                <form method="post">
                  <button type="submit" name="intent" value={`withdraw-${p.purpose}`} className="button button--secondary">
                    {t('forms.consent.withdraw', { label })}
                  </button>
                </form>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p>{t('forms.consent.atOnce')}</p>
    </>
  );
}

export default function ConsentPage({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  const { rich } = useI18n();
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
              {rich('forms.consent.dear', {
                guardian: <SchoolText>{page.consent.guardianName}</SchoolText>,
                school: <SchoolText>{page.consent.school}</SchoolText>,
                child: <SchoolText>{page.consent.childFirstName}</SchoolText>,
                class: <SchoolText>{page.consent.childClass}</SchoolText>,
              })}
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
  const { t } = useI18n();
  return <PageHeaderError message={t('forms.confirm.unavailable')} />;
}
