import { data, Link } from 'react-router';
import { subscriptionTokenSchema, type EmailSubscription } from '@sthsm/contract/subscriptions';
import type { Route } from './+types/subscribe-confirm';
import { PageHeader, PageHeaderError } from '../components/page-header';
import { describeFrequency, describeTopics, Notice } from '../components/subscribe/choices';
import { subscribeLink } from '../components/subscribe/site-link';
import { apiFailureText } from '../components/subscribe/words';
import { useI18n } from '../i18n/i18n';
import { i18nFor } from '../i18n/i18n.server';
import type { HydrationHandle } from '../lib/hydration';
import { currentSchool } from '../lib/school.server';
import { subscriptionApi } from '../lib/subscriptions.server';
import '../styles/forms.css';
import '../styles/subscribe.css';

/**
 * /subscribe/confirm?token=: the link of the confirmation e-mail. Opening it only shows a button:
 * mail scanners follow the links of every message they check, so a GET never confirms; pressing the
 * button posts to this route's action, which asks the API to confirm. Personal to its link: never
 * cached, never indexed (the page table's noindex, and the headers below).
 */
export const handle: HydrationHandle = { hydrate: false, island: 'subscribe' };

const PRIVATE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };

type ActionData =
  | { status: 'confirmed'; subscription: EmailSubscription; manageToken: string | null }
  | { status: 'failed'; message: string; gone: boolean };

export function headers() {
  return PRIVATE;
}

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return data({ token: subscriptionTokenSchema.safeParse(token).success ? token : null }, { headers: PRIVATE });
}

export async function action({ request }: Route.ActionArgs) {
  const token = (await request.formData()).get('token');
  const i18n = await i18nFor(request);
  if (typeof token !== 'string' || !subscriptionTokenSchema.safeParse(token).success) {
    return data<ActionData>(
      { status: 'failed', message: i18n.t('forms.confirm.incomplete'), gone: true },
      { status: 400, headers: PRIVATE },
    );
  }
  const result = await subscriptionApi(currentSchool(request)).confirm(token);
  if (result.ok) {
    return data<ActionData>(
      { status: 'confirmed', subscription: result.data.subscription, manageToken: result.data.manageToken ?? null },
      { headers: PRIVATE },
    );
  }
  // 404: the link is unknown, used up or too old (the API's words say which); anything else may pass.
  const gone = result.status === 404 || result.status === 400;
  return data<ActionData>(
    { status: 'failed', message: apiFailureText(i18n, result), gone },
    { status: gone ? 404 : 503, headers: PRIVATE },
  );
}

function Confirmed({ subscription, manageToken }: { subscription: EmailSubscription; manageToken: string | null }) {
  const { t, path } = useI18n();
  return (
    <>
      <Notice id="subscribe-notice" kind="success" text={t('forms.confirm.subscribed')} />
      <dl className="subscribe-choices">
        <dt>{t('forms.subscribe.email')}</dt>
        <dd>{subscription.email}</dd>
        <dt>{t('forms.confirm.hearAbout')}</dt>
        <dd>
          <ul>
            {describeTopics(t, subscription.topics).map((label) => (
              <li key={label}>{label}</li>
            ))}
            <li>{t('forms.confirm.emergency')}</li>
          </ul>
        </dd>
        <dt>{t('forms.subscribe.frequency')}</dt>
        <dd>{describeFrequency(t, subscription.frequency)}</dd>
      </dl>
      {manageToken ? (
        <p>
          <Link to={path(`/subscribe/manage?token=${encodeURIComponent(manageToken)}`)} reloadDocument>
            {t('forms.confirm.manage')}
          </Link>
        </p>
      ) : null}
      <p>{t('forms.confirm.everyEmail')}</p>
    </>
  );
}

export default function SubscribeConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { token } = loaderData;
  const { t, rich } = useI18n();
  let body;
  if (actionData?.status === 'confirmed') {
    body = <Confirmed subscription={actionData.subscription} manageToken={actionData.manageToken} />;
  } else if (actionData?.status === 'failed' || !token) {
    const gone = actionData?.status === 'failed' ? actionData.gone : true;
    body = (
      <>
        <Notice
          id="subscribe-notice"
          kind="failure"
          text={actionData?.status === 'failed' ? actionData.message : t('forms.confirm.incomplete')}
        />
        {gone ? <p>{rich('forms.confirm.again', { again: subscribeLink })}</p> : null}
      </>
    );
  }
  return (
    <>
      <PageHeader />
      <div className="container page-body subscribe">
        {body ?? null}
        {token && actionData?.status !== 'confirmed' && !(actionData?.status === 'failed' && actionData.gone) ? (
          <form method="post" className="subscribe-form">
            <p>{t('forms.confirm.press')}</p>
            <input type="hidden" name="token" value={token} />
            <div className="form-actions">
              <button type="submit" className="button button--primary">
                {t('forms.confirm.button')}
              </button>
            </div>
          </form>
        ) : null}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  const { t } = useI18n();
  return <PageHeaderError message={t('forms.confirm.unavailable')} />;
}
