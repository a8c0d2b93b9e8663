import type { ReactNode } from 'react';
import { data } from 'react-router';
import { rightsKindWords, rightsTokenSchema, type ConfirmedRightsRequest } from '@sthsm/contract/rights-requests';
import type { Route } from './+types/privacy-request-confirm';
import { PageHeader, PageHeaderError } from '../components/page-header';
import { Notice } from '../components/subscribe/choices';
import { SiteLink } from '../components/subscribe/site-link';
import { apiFailureText } from '../components/subscribe/words';
import type { MessageKey } from '../i18n/catalogue';
import { intlTag, useI18n } from '../i18n/i18n';
import { i18nFor } from '../i18n/i18n.server';
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
/** What was asked for, in the page's words (the English is the contract's rightsKindWords). */
const KIND_KEYS: Record<string, MessageKey> = {
  access: 'forms.confirm.request.kind.access',
  correct: 'forms.confirm.request.kind.correct',
  erase: 'forms.confirm.request.kind.erase',
};

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
  const i18n = await i18nFor(request);
  if (typeof token !== 'string' || !rightsTokenSchema.safeParse(token).success) {
    return data<ActionData>(
      { status: 'failed', message: i18n.t('forms.confirm.request.incomplete'), gone: true },
      { status: 400, headers: PRIVATE },
    );
  }
  const result = await rightsApi(currentSchool(request)).confirm(token);
  if (result.ok) {
    const due = dayOf(result.data.request.dueAt, env.timeZone, i18n.locale === 'en' ? 'en-GB' : intlTag(i18n.locale));
    return data<ActionData>({ status: 'confirmed', request: result.data.request, due }, { headers: PRIVATE });
  }
  const gone = result.status === 404 || result.status === 400;
  const message = apiFailureText(i18n, result, 'forms.confirm.request.incomplete');
  return data<ActionData>({ status: 'failed', message, gone }, { status: gone ? 404 : 503, headers: PRIVATE });
}

/** The due date in the school's time zone and the page's language: "27 December 2026". */
function dayOf(iso: string, timeZone: string, tag: string) {
  return new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(new Date(iso));
}

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
const requestLink = (chunks: ReactNode[]) => (
  <SiteLink to="/privacy/request" reloadDocument>
    {chunks}
  </SiteLink>
);

export default function PrivacyRequestConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { token } = loaderData;
  const { t, rich } = useI18n();
  let body;
  if (actionData?.status === 'confirmed') {
    const r = actionData.request;
    body = (
      <>
        <Notice id="subscribe-notice" kind="success" text={t('forms.confirm.request.received')} />
        <p>
          {rich(r.about === 'child' ? 'forms.confirm.request.askedChild' : 'forms.confirm.request.asked', {
            kind: KIND_KEYS[r.kind] ? t(KIND_KEYS[r.kind] as MessageKey) : rightsKindWords(r.kind),
            due: actionData.due,
            b: strong,
          })}
        </p>
      </>
    );
  } else if (actionData?.status === 'failed' || !token) {
    const gone = actionData?.status === 'failed' ? actionData.gone : true;
    body = (
      <>
        <Notice
          id="subscribe-notice"
          kind="failure"
          text={actionData?.status === 'failed' ? actionData.message : t('forms.confirm.request.incomplete')}
        />
        {gone ? <p>{rich('forms.confirm.request.again', { again: requestLink })}</p> : null}
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
            <p>{t('forms.confirm.request.press')}</p>
            <input type="hidden" name="token" value={token} />
            <div className="form-actions">
              <button type="submit" className="button button--primary">
                {t('forms.confirm.request.button')}
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
