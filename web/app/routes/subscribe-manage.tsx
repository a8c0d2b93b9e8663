import type { ReactNode } from 'react';
import { data } from 'react-router';
import { fieldErrors } from '@sthsm/contract/staff';
import { subscriptionChoicesSchema, subscriptionTokenSchema, type EmailSubscription } from '@sthsm/contract/subscriptions';
import type { Route } from './+types/subscribe-manage';
import { PageHeader, PageHeaderError } from '../components/page-header';
import {
  ErrorSummary,
  FrequencyChoices,
  Notice,
  TopicChoices,
  knownErrors,
  readChoices,
  type ChoiceValues,
  type FieldErrors,
} from '../components/subscribe/choices';
import { SiteLink, subscribeLink } from '../components/subscribe/site-link';
import { apiFailureText, subscribeErrors } from '../components/subscribe/words';
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
 * /subscribe/manage?token=: the link at the foot of every subscription e-mail. Its holder changes
 * the topics and how often mail comes, or unsubscribes; two plain forms posting to this route's
 * action, so it works without JavaScript. Personal to its link: never cached, never indexed.
 */
export const handle: HydrationHandle = { hydrate: false, island: 'subscribe' };

const PREFIX = 'manage';
const PRIVATE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };

type LoaderData = { state: 'ok'; token: string; subscription: EmailSubscription } | { state: 'failed'; message: string; gone: boolean };

type ActionData =
  | { status: 'saved'; subscription: EmailSubscription }
  | { status: 'invalid'; values: ChoiceValues; errors: FieldErrors; message: string | null }
  | { status: 'unsubscribed' }
  | { status: 'failed'; message: string };

const tokenOf = (request: Request) => {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return subscriptionTokenSchema.safeParse(token).success ? token : null;
};

export function headers() {
  return PRIVATE;
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const [i18n, result] = await Promise.all([i18nFor(request), token ? subscriptionApi(currentSchool(request)).manage(token) : null]);
  if (!result || !token)
    return data<LoaderData>({ state: 'failed', message: i18n.t('forms.manage.incomplete'), gone: true }, { headers: PRIVATE });
  if (result.ok) return data<LoaderData>({ state: 'ok', token, subscription: result.data.subscription }, { headers: PRIVATE });
  const gone = result.status === 404;
  return data<LoaderData>({ state: 'failed', message: apiFailureText(i18n, result), gone }, { status: gone ? 404 : 503, headers: PRIVATE });
}

export async function action({ request }: Route.ActionArgs) {
  const token = tokenOf(request);
  const i18n = await i18nFor(request);
  if (!token) return data<ActionData>({ status: 'failed', message: i18n.t('forms.manage.incomplete') }, { status: 400, headers: PRIVATE });
  const formData = await request.formData();
  const api = subscriptionApi(currentSchool(request));
  if (formData.get('intent') === 'unsubscribe') {
    const result = await api.unsubscribe(token);
    return result.ok
      ? data<ActionData>({ status: 'unsubscribed' }, { headers: PRIVATE })
      : data<ActionData>(
          { status: 'failed', message: apiFailureText(i18n, result) },
          { status: result.status === 404 ? 404 : 503, headers: PRIVATE },
        );
  }
  const values = readChoices(formData);
  const parsed = subscriptionChoicesSchema.safeParse(values);
  if (!parsed.success) {
    const errors = subscribeErrors(i18n, knownErrors(fieldErrors(parsed.error)));
    return data<ActionData>({ status: 'invalid', values, errors, message: null }, { status: 400, headers: PRIVATE });
  }
  const result = await api.saveChoices(token, parsed.data);
  if (result.ok) return data<ActionData>({ status: 'saved', subscription: result.data.subscription }, { headers: PRIVATE });
  if (result.status === 400) {
    const errors = subscribeErrors(i18n, knownErrors(result.errors));
    return data<ActionData>(
      { status: 'invalid', values, errors, message: Object.keys(errors).length ? null : apiFailureText(i18n, result) },
      { status: 400, headers: PRIVATE },
    );
  }
  return data<ActionData>(
    { status: 'failed', message: apiFailureText(i18n, result) },
    { status: result.status === 404 ? 404 : 503, headers: PRIVATE },
  );
}

function ChoicesForm({ token, subscription, answer }: { token: string; subscription: EmailSubscription; answer: ActionData | undefined }) {
  const { t, rich, path } = useI18n();
  const shown = answer?.status === 'saved' ? answer.subscription : subscription;
  const values: Pick<ChoiceValues, 'topics' | 'frequency'> = answer?.status === 'invalid' ? answer.values : shown;
  const errors = answer?.status === 'invalid' ? answer.errors : {};
  const message =
    answer?.status === 'saved'
      ? t('forms.manage.saved')
      : answer?.status === 'invalid' || answer?.status === 'failed'
        ? answer.message
        : null;
  const target = path(`/subscribe/manage?token=${encodeURIComponent(token)}`);
  return (
    <>
      <form method="post" action={target} noValidate className="subscribe-form" aria-labelledby="manage-title">
        <h2 id="manage-title">{t('forms.manage.title')}</h2>
        {message ? <Notice id="subscribe-notice" kind={answer?.status === 'saved' ? 'success' : 'failure'} text={message} /> : null}
        <ErrorSummary prefix={PREFIX} errors={errors} />
        <p>{rich('forms.manage.goesTo', { email: shown.email, b: strong })}</p>
        <TopicChoices prefix={PREFIX} checked={values.topics} error={errors.topics} />
        <FrequencyChoices prefix={PREFIX} checked={values.frequency} error={errors.frequency} />
        <div className="form-actions">
          <button type="submit" name="intent" value="save" className="button button--primary">
            {t('forms.manage.save')}
          </button>
        </div>
      </form>
      <form method="post" action={target} className="subscribe-form subscribe-form--stop" aria-labelledby="stop-title">
        <h2 id="stop-title">{t('forms.manage.stopTitle')}</h2>
        <p>{t('forms.manage.anyTime')}</p>
        <div className="form-actions">
          <button type="submit" name="intent" value="unsubscribe" className="button button--secondary">
            {t('forms.manage.unsubscribe')}
          </button>
        </div>
      </form>
    </>
  );
}

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

export default function SubscribeManage({ loaderData, actionData }: Route.ComponentProps) {
  const schoolName = useRootData().school?.name;
  const { t, rich } = useI18n();
  let body;
  if (actionData?.status === 'unsubscribed') {
    body = (
      <>
        <Notice
          id="subscribe-notice"
          kind="success"
          text={rich('forms.manage.unsubscribed', {
            school: schoolName ? <SchoolText>{schoolName}</SchoolText> : t('forms.manage.theSchool'),
          })}
        />
        <p>{rich('forms.manage.changedMind', { again: subscribeLink })}</p>
      </>
    );
  } else if (loaderData.state === 'failed') {
    body = (
      <>
        <Notice id="subscribe-notice" kind="failure" text={loaderData.message} />
        {loaderData.gone ? (
          <p>
            <SiteLink to="/subscribe" reloadDocument>
              {t('forms.manage.subscribeLink')}
            </SiteLink>
          </p>
        ) : null}
      </>
    );
  } else {
    body = <ChoicesForm token={loaderData.token} subscription={loaderData.subscription} answer={actionData} />;
  }
  return (
    <>
      <PageHeader />
      <div className="container page-body subscribe">{body}</div>
    </>
  );
}

export function ErrorBoundary() {
  const { t } = useI18n();
  return <PageHeaderError message={t('forms.confirm.unavailable')} />;
}
