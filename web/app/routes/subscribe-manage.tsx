import { data, Link } from 'react-router';
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
const INCOMPLETE = 'This link is not complete. Please open the link in one of our e-mails again, or copy all of it.';

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
  if (!token) return data<LoaderData>({ state: 'failed', message: INCOMPLETE, gone: true }, { headers: PRIVATE });
  const result = await subscriptionApi(currentSchool(request)).manage(token);
  if (result.ok) return data<LoaderData>({ state: 'ok', token, subscription: result.data.subscription }, { headers: PRIVATE });
  const gone = result.status === 404;
  return data<LoaderData>({ state: 'failed', message: result.error, gone }, { status: gone ? 404 : 503, headers: PRIVATE });
}

export async function action({ request }: Route.ActionArgs) {
  const token = tokenOf(request);
  if (!token) return data<ActionData>({ status: 'failed', message: INCOMPLETE }, { status: 400, headers: PRIVATE });
  const formData = await request.formData();
  const api = subscriptionApi(currentSchool(request));
  if (formData.get('intent') === 'unsubscribe') {
    const result = await api.unsubscribe(token);
    return result.ok
      ? data<ActionData>({ status: 'unsubscribed' }, { headers: PRIVATE })
      : data<ActionData>({ status: 'failed', message: result.error }, { status: result.status === 404 ? 404 : 503, headers: PRIVATE });
  }
  const values = readChoices(formData);
  const parsed = subscriptionChoicesSchema.safeParse(values);
  if (!parsed.success) {
    const errors = knownErrors(fieldErrors(parsed.error));
    return data<ActionData>({ status: 'invalid', values, errors, message: null }, { status: 400, headers: PRIVATE });
  }
  const result = await api.saveChoices(token, parsed.data);
  if (result.ok) return data<ActionData>({ status: 'saved', subscription: result.data.subscription }, { headers: PRIVATE });
  if (result.status === 400) {
    const errors = knownErrors(result.errors);
    return data<ActionData>(
      { status: 'invalid', values, errors, message: Object.keys(errors).length ? null : result.error },
      { status: 400, headers: PRIVATE },
    );
  }
  return data<ActionData>({ status: 'failed', message: result.error }, { status: result.status === 404 ? 404 : 503, headers: PRIVATE });
}

function ChoicesForm({ token, subscription, answer }: { token: string; subscription: EmailSubscription; answer: ActionData | undefined }) {
  const shown = answer?.status === 'saved' ? answer.subscription : subscription;
  const values: Pick<ChoiceValues, 'topics' | 'frequency'> = answer?.status === 'invalid' ? answer.values : shown;
  const errors = answer?.status === 'invalid' ? answer.errors : {};
  const message =
    answer?.status === 'saved'
      ? 'Your choices are saved.'
      : answer?.status === 'invalid' || answer?.status === 'failed'
        ? answer.message
        : null;
  const target = `/subscribe/manage?token=${encodeURIComponent(token)}`;
  return (
    <>
      <form method="post" action={target} noValidate className="subscribe-form" aria-labelledby="manage-title">
        <h2 id="manage-title">Your choices</h2>
        {message ? <Notice id="subscribe-notice" kind={answer?.status === 'saved' ? 'success' : 'failure'} text={message} /> : null}
        <ErrorSummary prefix={PREFIX} errors={errors} />
        <p>
          E-mail goes to <strong>{shown.email}</strong>. Emergency alerts are always sent.
        </p>
        <TopicChoices prefix={PREFIX} checked={values.topics} error={errors.topics} />
        <FrequencyChoices prefix={PREFIX} checked={values.frequency} error={errors.frequency} />
        <div className="form-actions">
          <button type="submit" name="intent" value="save" className="button button--primary">
            Save choices
          </button>
        </div>
      </form>
      <form method="post" action={target} className="subscribe-form subscribe-form--stop" aria-labelledby="stop-title">
        <h2 id="stop-title">Stop all e-mail</h2>
        <p>You can subscribe again at any time.</p>
        <div className="form-actions">
          <button type="submit" name="intent" value="unsubscribe" className="button button--secondary">
            Unsubscribe
          </button>
        </div>
      </form>
    </>
  );
}

export default function SubscribeManage({ loaderData, actionData }: Route.ComponentProps) {
  const schoolName = useRootData().school?.name ?? 'the school';
  let body;
  if (actionData?.status === 'unsubscribed') {
    body = (
      <>
        <Notice id="subscribe-notice" kind="success" text={`You are unsubscribed. You will get no more e-mail from ${schoolName}.`} />
        <p>
          Changed your mind?{' '}
          <Link to="/subscribe" reloadDocument>
            Subscribe again
          </Link>
          .
        </p>
      </>
    );
  } else if (loaderData.state === 'failed') {
    body = (
      <>
        <Notice id="subscribe-notice" kind="failure" text={loaderData.message} />
        {loaderData.gone ? (
          <p>
            <Link to="/subscribe" reloadDocument>
              Subscribe to the school’s news
            </Link>
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
  return <PageHeaderError message="This page could not be shown just now. Please open the link in the e-mail again in a few minutes." />;
}
