import { data } from 'react-router';
import { fieldErrors } from '@sthsm/contract/staff';
import { emailSubscriptionSchema, SUBSCRIBE_ERRORS } from '@sthsm/contract/subscriptions';
import type { Route } from './+types/subscribe';
import { PageHeader, PageHeaderError } from '../components/page-header';
import {
  DEFAULT_CHOICES,
  ErrorSummary,
  FrequencyChoices,
  Notice,
  TopicChoices,
  errorId,
  knownErrors,
  readChoices,
  type ChoiceValues,
  type FieldErrors,
} from '../components/subscribe/choices';
import { apiFailureText, subscribeErrors, subscribeIslandWords } from '../components/subscribe/words';
import { SchoolText } from '../components/english-note';
import { useI18n } from '../i18n/i18n';
import { i18nFor } from '../i18n/i18n.server';
import type { HydrationHandle } from '../lib/hydration';
import { useRootData } from '../lib/root-data';
import { currentSchool } from '../lib/school.server';
import { subscriptionApi } from '../lib/subscriptions.server';
import '../styles/forms.css';
import '../styles/subscribe.css';

/**
 * /subscribe: parents choose to hear from the school by e-mail (confirmed by a link: double opt-in)
 * and/or by this browser's notifications (Web Push). No React in the browser (docs/decisions/0076):
 * the e-mail form is a plain POST to this route's action, checked with the one shared schema; the
 * notifications, which need JavaScript anyway, and the focus on a form's answer are islands/subscribe.ts.
 */
export const handle: HydrationHandle = { hydrate: false, island: 'subscribe' };

const PREFIX = 'subscribe';
const NOTICE_ID = `${PREFIX}-notice`;

type ActionData =
  | { status: 'sent'; email: string }
  | { status: 'invalid'; values: ChoiceValues; errors: FieldErrors; message: string | null }
  | { status: 'failed'; values: ChoiceValues; message: string };

export async function loader({ request }: Route.LoaderArgs) {
  return { options: await subscriptionApi(currentSchool(request)).options() };
}

export async function action({ request }: Route.ActionArgs) {
  const values = readChoices(await request.formData());
  // The schema's and the API's messages are English; a page in another language shows its own words.
  const i18n = await i18nFor(request);
  const parsed = emailSubscriptionSchema.safeParse(values);
  if (!parsed.success) {
    const errors = subscribeErrors(i18n, knownErrors(fieldErrors(parsed.error)));
    return data<ActionData>({ status: 'invalid', values, errors, message: null }, { status: 400 });
  }
  // X-Forwarded-For is the visitor's address as api/src/site.ts resolved it (as the alumni action passes it).
  const clientIp = request.headers.get('x-forwarded-for') ?? undefined;
  const result = await subscriptionApi(currentSchool(request)).subscribeByEmail(parsed.data, clientIp);
  if (result.ok) return data<ActionData>({ status: 'sent', email: parsed.data.email }, { status: 202 });
  if (result.status === 400) {
    const errors = subscribeErrors(i18n, knownErrors(result.errors));
    return data<ActionData>(
      { status: 'invalid', values, errors, message: Object.keys(errors).length ? null : apiFailureText(i18n, result) },
      { status: 400 },
    );
  }
  console.warn(`subscribe form: API answered ${result.status}`);
  const headers: HeadersInit = result.status === 429 && result.retryAfter !== undefined ? { 'retry-after': String(result.retryAfter) } : {};
  return data<ActionData>(
    { status: 'failed', values, message: apiFailureText(i18n, result) },
    { status: result.status === 429 || result.status === 503 ? result.status : 502, headers },
  );
}

function EmailForm({ answer }: { answer: ActionData | undefined }) {
  const { t, path } = useI18n();
  const values = answer && answer.status !== 'sent' ? answer.values : DEFAULT_CHOICES;
  const errors: FieldErrors = answer?.status === 'invalid' ? answer.errors : {};
  const message =
    answer?.status === 'sent'
      ? t('forms.subscribe.sent', { email: answer.email })
      : answer?.status === 'failed' || answer?.status === 'invalid'
        ? answer.message
        : null;
  const emailIds = [`${PREFIX}-email-hint`, errors.email ? errorId(PREFIX, 'email') : ''].filter(Boolean).join(' ');
  return (
    // The fragment brings the answer's page back to this form, its message in view, without JavaScript.
    <form method="post" action={path('/subscribe#by-email')} noValidate className="subscribe-form" aria-labelledby="by-email-title">
      {message ? <Notice id={NOTICE_ID} kind={answer?.status === 'sent' ? 'success' : 'failure'} text={message} /> : null}
      <ErrorSummary prefix={PREFIX} errors={errors} />
      <div className={`field${errors.email ? ' field--invalid' : ''}`}>
        <label htmlFor={`${PREFIX}-email`}>{t('forms.subscribe.email')}</label>
        <p className="field-hint" id={`${PREFIX}-email-hint`}>
          {t('forms.subscribe.emailHint')}
        </p>
        <input
          id={`${PREFIX}-email`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          maxLength={254}
          defaultValue={values.email}
          aria-required
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={emailIds}
        />
        {errors.email ? (
          <p className="field-error" id={errorId(PREFIX, 'email')}>
            <span aria-hidden="true">! </span>
            {errors.email}
          </p>
        ) : null}
      </div>
      <TopicChoices prefix={PREFIX} checked={values.topics} error={errors.topics} />
      <FrequencyChoices prefix={PREFIX} checked={values.frequency} error={errors.frequency} />
      <div className="form-actions">
        <button type="submit" className="button button--primary">
          {t('forms.subscribe.submit')}
        </button>
      </div>
    </form>
  );
}

export default function Subscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { school, code } = useRootData();
  const { t, rich, locale } = useI18n();
  const { options } = loaderData;
  const push = options?.push ?? null;
  return (
    <>
      <PageHeader />
      <div className="container page-body subscribe">
        <p className="lead">
          {rich('forms.subscribe.lead', {
            school: school?.name ? <SchoolText>{school.name}</SchoolText> : t('forms.subscribe.theSchool'),
          })}
        </p>
        <div className="subscribe__ways">
          <section id="by-email" className="subscribe__way" aria-labelledby="by-email-title">
            <h2 id="by-email-title">{t('forms.subscribe.byEmail')}</h2>
            {options?.email === false ? (
              <p>{t(push ? 'forms.subscribe.noEmailPush' : 'forms.subscribe.noEmail')}</p>
            ) : (
              <EmailForm answer={actionData} />
            )}
          </section>
          <section
            id="in-browser"
            className="subscribe__way subscribe-push"
            aria-labelledby="in-browser-title"
            data-school={code}
            data-key={push?.publicKey}
            data-topics-error={SUBSCRIBE_ERRORS.topics}
            data-words={locale === 'en' ? undefined : JSON.stringify(subscribeIslandWords(t))}
          >
            <h2 id="in-browser-title">{t('forms.subscribe.inBrowser')}</h2>
            <p>{t('forms.subscribe.inBrowserLead')}</p>
            {/* The island replaces these words with what this browser can do, and shows the controls when it can. */}
            <output className="subscribe-push__status" data-push-status>
              {t(push ? 'forms.subscribe.pushNeedsScript' : options ? 'forms.subscribe.pushNotOffered' : 'forms.subscribe.pushUnknown')}
            </output>
            {push ? (
              <div className="subscribe-push__controls" data-push-controls hidden>
                <TopicChoices prefix="push" checked={DEFAULT_CHOICES.topics} />
                <div className="form-actions">
                  <button type="button" className="button button--primary" data-push-on>
                    {t('forms.subscribe.push.turnOn')}
                  </button>
                  <button type="button" className="button button--secondary" data-push-save hidden>
                    {t('forms.subscribe.push.save')}
                  </button>
                  <button type="button" className="button button--secondary" data-push-off hidden>
                    {t('forms.subscribe.push.turnOff')}
                  </button>
                </div>
              </div>
            ) : null}
          </section>
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  const { t } = useI18n();
  return <PageHeaderError message={t('forms.subscribe.unavailable')} />;
}
