import { data, Link } from 'react-router';
import { subscriptionTokenSchema, type EmailSubscription } from '@sthsm/contract/subscriptions';
import type { Route } from './+types/subscribe-confirm';
import { PageHeader, PageHeaderError } from '../components/page-header';
import { describeFrequency, describeTopics, Notice } from '../components/subscribe/choices';
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
const INCOMPLETE = 'This confirmation link is not complete. Please open the link in the e-mail again, or copy all of it.';

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
  if (typeof token !== 'string' || !subscriptionTokenSchema.safeParse(token).success) {
    return data<ActionData>({ status: 'failed', message: INCOMPLETE, gone: true }, { status: 400, headers: PRIVATE });
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
  return data<ActionData>({ status: 'failed', message: result.error, gone }, { status: gone ? 404 : 503, headers: PRIVATE });
}

function Confirmed({ subscription, manageToken }: { subscription: EmailSubscription; manageToken: string | null }) {
  return (
    <>
      <Notice id="subscribe-notice" kind="success" text="You are subscribed." />
      <dl className="subscribe-choices">
        <dt>Email</dt>
        <dd>{subscription.email}</dd>
        <dt>What you hear about</dt>
        <dd>
          <ul>
            {describeTopics(subscription.topics).map((label) => (
              <li key={label}>{label}</li>
            ))}
            <li>Emergency alerts</li>
          </ul>
        </dd>
        <dt>How often</dt>
        <dd>{describeFrequency(subscription.frequency)}</dd>
      </dl>
      {manageToken ? (
        <p>
          <Link to={`/subscribe/manage?token=${encodeURIComponent(manageToken)}`} reloadDocument>
            Change or stop your subscription
          </Link>
        </p>
      ) : null}
      <p>Every e-mail from the school has a link to change what you hear about or to unsubscribe.</p>
    </>
  );
}

export default function SubscribeConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { token } = loaderData;
  let body;
  if (actionData?.status === 'confirmed') {
    body = <Confirmed subscription={actionData.subscription} manageToken={actionData.manageToken} />;
  } else if (actionData?.status === 'failed' || !token) {
    const gone = actionData?.status === 'failed' ? actionData.gone : true;
    body = (
      <>
        <Notice id="subscribe-notice" kind="failure" text={actionData?.status === 'failed' ? actionData.message : INCOMPLETE} />
        {gone ? (
          <p>
            <Link to="/subscribe" reloadDocument>
              Subscribe again
            </Link>{' '}
            to get a new link.
          </p>
        ) : null}
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
            <p>Press the button to start getting the school’s news by e-mail.</p>
            <input type="hidden" name="token" value={token} />
            <div className="form-actions">
              <button type="submit" className="button button--primary">
                Confirm my subscription
              </button>
            </div>
          </form>
        ) : null}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <PageHeaderError message="This page could not be shown just now. Please open the link in the e-mail again in a few minutes." />;
}
