import { data, Link } from 'react-router';
import { rightsKindWords, rightsTokenSchema, type ConfirmedRightsRequest } from '@sthsm/contract/rights-requests';
import type { Route } from './+types/privacy-request-confirm';
import { PageHeader, PageHeaderError } from '../components/page-header';
import { Notice } from '../components/subscribe/choices';
import type { HydrationHandle } from '../lib/hydration';
import { env } from '../lib/env.server';
import { currentSchool } from '../lib/school.server';
import { rightsApi } from '../lib/rights.server';
import '../styles/forms.css';
import '../styles/subscribe.css';

/**
 * /privacy/request/confirm?token=: the link of the e-mail sent for a request about personal data.
 * Opening it only shows a button (mail scanners follow every link: a GET never confirms); pressing
 * it posts to this route's action. A forged, used or expired link changes nothing and says so.
 * Personal to its link: never cached, never indexed.
 */
export const handle: HydrationHandle = { hydrate: false, island: 'subscribe' };

const PRIVATE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };
const INCOMPLETE =
  'This link is not valid: it has expired, was already used, or is not complete. Nothing was changed. You can send your request again.';

type ActionData =
  { status: 'confirmed'; request: ConfirmedRightsRequest; due: string } | { status: 'failed'; message: string; gone: boolean };

export function headers() {
  return PRIVATE;
}

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return data({ token: rightsTokenSchema.safeParse(token).success ? token : null }, { headers: PRIVATE });
}

export async function action({ request }: Route.ActionArgs) {
  const token = (await request.formData()).get('token');
  if (typeof token !== 'string' || !rightsTokenSchema.safeParse(token).success) {
    return data<ActionData>({ status: 'failed', message: INCOMPLETE, gone: true }, { status: 400, headers: PRIVATE });
  }
  const result = await rightsApi(currentSchool(request)).confirm(token);
  if (result.ok) {
    const due = dayOf(result.data.request.dueAt, env.timeZone);
    return data<ActionData>({ status: 'confirmed', request: result.data.request, due }, { headers: PRIVATE });
  }
  const gone = result.status === 404 || result.status === 400;
  return data<ActionData>({ status: 'failed', message: result.error, gone }, { status: gone ? 404 : 503, headers: PRIVATE });
}

/** The due date in the school's time zone: "27 December 2026". */
function dayOf(iso: string, timeZone: string) {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(new Date(iso));
}

export default function PrivacyRequestConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { token } = loaderData;
  let body;
  if (actionData?.status === 'confirmed') {
    const r = actionData.request;
    body = (
      <>
        <Notice id="subscribe-notice" kind="success" text="Your request has been received." />
        <p>
          You asked for {rightsKindWords(r.kind)}
          {r.about === 'child' ? ' about your child' : ''}. The school will answer by e-mail by <strong>{actionData.due}</strong>.
        </p>
      </>
    );
  } else if (actionData?.status === 'failed' || !token) {
    const gone = actionData?.status === 'failed' ? actionData.gone : true;
    body = (
      <>
        <Notice id="subscribe-notice" kind="failure" text={actionData?.status === 'failed' ? actionData.message : INCOMPLETE} />
        {gone ? (
          <p>
            <Link to="/privacy/request" reloadDocument>
              Send your request again
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
            <p>Press the button to send your request to the school.</p>
            <input type="hidden" name="token" value={token} />
            <div className="form-actions">
              <button type="submit" className="button button--primary">
                Confirm my request
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
