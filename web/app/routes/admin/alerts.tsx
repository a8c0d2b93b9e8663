import { data, Form, redirect, useRouteLoaderData } from 'react-router';
import { ALERT_MESSAGE_MAX, alertFormSchema } from '@sthsm/contract/alerts';
import { fieldErrors } from '@sthsm/contract/staff';
import type { Route } from './+types/alerts';
import { CsrfField, EditField, FormMessage } from '../../components/admin/fields';
import { adminApi, fail, formValues, refusedSave, schoolPath, type StaffContext } from '../../lib/staff/admin-api.server';
import { adminMeta } from '../../lib/staff/admin-meta';
import { useFocusOnShow } from '../../components/admin/item-actions';
import { staffTime, zoneName } from '../../lib/staff/admin-time';

// Emergency alerts (issue 34) for administrators and editors: one line, an optional link and an end
// time. Sending is two steps (the form, then "Send this alert now?" with what it will do), since it
// shows on every page at once and reaches every subscriber; a current alert has "End now". Plain form
// posts: it works the same before any script has started.

interface Alert {
  id: string;
  message: string;
  link: string | null;
  startsAt: string;
  endsAt: string;
  endedAt: string | null;
  current: boolean;
  forEverySchool: boolean;
  notification: { status: 'pending' | 'done' | 'cancelled'; sent: number; failed: number; expired: number } | null;
}

interface AlertsAnswer {
  alerts: Alert[];
  subscribers: { email: number; push: number };
}

type Step =
  | { confirm: true; values: Record<string, string> }
  | { confirm: false; values: Record<string, string>; error: string; errors: Record<string, string> };

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Emergency alert', matches);
}

/** "2025-08-14T18:00" in `timeZone`, `hours` from now (the form's suggested end). */
function localIn(timeZone: string, hours: number): string {
  const at = new Date(Date.now() + hours * 3_600_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

export async function loader({ request }: Route.LoaderArgs) {
  const answer = await adminApi<AlertsAnswer>(request, `${schoolPath(request)}/alerts`);
  if (!answer.ok || !answer.data) fail(answer);
  const query = new URL(request.url).searchParams;
  return { ...answer.data, sent: query.has('sent'), ended: query.has('ended') };
}

export async function action({ request }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const { csrf = '', intent = '' } = values;
  const typed = {
    message: values.message ?? '',
    link: values.link ?? '',
    endsAt: values.endsAt ?? '',
    // Platform operators only (the API refuses anyone else): the same alert for every school.
    ...(values.everySchool === 'on' ? { everySchool: 'on' } : {}),
  };
  if (intent === 'end') {
    const answer = await adminApi(request, `${schoolPath(request)}/alerts/${encodeURIComponent(values.id ?? '')}/end`, {
      method: 'POST',
      body: {},
      csrf,
    });
    if (!answer.ok) return refusedSave(answer, typed, request);
    return redirect('/admin/alerts?ended=1');
  }
  if (intent === 'edit') return { confirm: false, values: typed, error: '', errors: {} } satisfies Step;
  // The first step checks the form with the API's own schema; the end time's range is the API's to say.
  const parsed = alertFormSchema.safeParse(typed);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return data({ confirm: false, values: typed, error: 'Some fields need attention. Nothing was sent.', errors } satisfies Step, {
      status: 400,
    });
  }
  if (intent !== 'send') return { confirm: true, values: typed } satisfies Step;
  const { everySchool, ...alert } = typed;
  const answer = await adminApi(request, everySchool ? '/alerts' : `${schoolPath(request)}/alerts`, { method: 'POST', body: alert, csrf });
  if (!answer.ok) return refusedSave(answer, typed, request);
  return redirect('/admin/alerts?sent=1');
}

/** The question before sending, in view and focused when it appears (as Delete's is). */
function ConfirmBox({ children }: { children: React.ReactNode }) {
  const ref = useFocusOnShow<HTMLElement>();
  return (
    <section ref={ref} tabIndex={-1} className="admin-alert admin-alert--error" aria-labelledby="confirm-alert">
      {children}
    </section>
  );
}

/** A datetime-local value in words as staff read times ("28 Nov 2026, 6:54 am"); the value itself when it is not one. */
function wallTime(local: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? staffTime(`${local}:00.000Z`, 'UTC') : local;
}

const LABELS: Record<string, string> = { message: 'Alert', link: 'Link', endsAt: 'Ends at' };

function sendWords(n: Alert['notification']): string {
  if (!n) return '';
  if (n.status === 'pending') return 'Subscribers are being notified.';
  if (n.status === 'cancelled') return 'It had ended before subscribers could be notified.';
  return `Subscribers notified: ${n.sent} delivered${n.failed ? `, ${n.failed} could not be delivered` : ''}.`;
}

export default function Alerts({ loaderData, actionData }: Route.ComponentProps) {
  const { alerts, subscribers, sent, ended } = loaderData;
  const { timeZone, me } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const step = actionData as Step | Awaited<ReturnType<typeof refusedSave>>['data'] | undefined;
  const confirming = step && 'confirm' in step && step.confirm ? step.values : null;
  const refused = step && !('confirm' in step && step.confirm) && 'error' in step && step.error ? step : null;
  const values = (step && 'values' in step ? step.values : undefined) ?? {};
  const current = alerts.filter((a) => a.current);
  const past = alerts.filter((a) => !a.current);
  const reach = subscribers.email + subscribers.push;
  return (
    <>
      <h1>Emergency alert</h1>
      <p>
        For what every parent must know now: a closure, a change of dismissal time, a safety instruction. The alert shows at the top of
        every page of the website until it ends, and goes at once to every subscriber ({subscribers.push} in browsers, {subscribers.email}{' '}
        by e-mail), whatever they chose to hear about. For other news, publish a notice with &ldquo;Notify subscribers&rdquo;.
      </p>
      <FormMessage
        error={refused?.error}
        errors={refused?.errors}
        labelOf={(f) => LABELS[f] ?? f}
        success={
          sent
            ? 'Alert sent: it is on every page now, and subscribers are being notified.'
            : ended
              ? 'Alert ended: it is no longer on the website.'
              : null
        }
      />
      {current.length > 0 ? (
        <section className="admin-section" aria-labelledby="current-alerts">
          <h2 id="current-alerts">On the website now</h2>
          <ul className="admin-person-list">
            {current.map((a) => (
              <li key={a.id}>
                <p>
                  <strong>{a.message}</strong>
                  {a.link ? ` (link: ${a.link})` : ''}
                </p>
                <p>
                  Until {staffTime(a.endsAt, timeZone)}
                  {a.forEverySchool ? ' · sent by the platform to every school' : ''}. {sendWords(a.notification)}
                </p>
                <Form method="post">
                  <CsrfField />
                  <input type="hidden" name="id" value={a.id} />
                  <button className="btn btn--outline" type="submit" name="intent" value="end">
                    End now
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {confirming ? (
        <ConfirmBox>
          <h2 id="confirm-alert">Send this alert now?</h2>
          <p>
            <strong>{confirming.message}</strong>
          </p>
          <p>
            It will show at the top of every page until {wallTime(confirming.endsAt ?? '')} ({zoneName(timeZone)}), and go at once to{' '}
            {confirming.everySchool
              ? 'the subscribers of every school on this server'
              : reach === 1
                ? '1 subscriber'
                : `${reach} subscribers`}
            .
          </p>
          <Form method="post" className="admin-button-row">
            <CsrfField />
            {Object.entries(confirming).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button className="btn btn--danger" type="submit" name="intent" value="send">
              Send alert now
            </button>
            <button className="btn btn--outline" type="submit" name="intent" value="edit">
              Change it
            </button>
          </Form>
        </ConfirmBox>
      ) : (
        <section className="admin-section" aria-labelledby="new-alert">
          <h2 id="new-alert">Send an alert</h2>
          <Form method="post" className="admin-form">
            <CsrfField />
            <EditField
              name="message"
              label="Alert"
              value={values.message ?? ''}
              error={refused?.errors.message}
              hint={`One line, at most ${ALERT_MESSAGE_MAX} characters: what happened and what parents should do.`}
              required
            />
            <EditField
              name="link"
              label="Link"
              value={values.link ?? ''}
              error={refused?.errors.link}
              hint="Optional: a page of this website (such as /news) or an https:// address with more."
            />
            <EditField
              name="endsAt"
              label="Ends at"
              type="datetime-local"
              value={values.endsAt ?? localIn(timeZone, 6)}
              error={refused?.errors.endsAt}
              hint={`In the school's time zone, ${zoneName(timeZone)}. At most 7 days.`}
              required
            />
            {me.user.isOperator ? (
              <div className="admin-check">
                <input id="every-school" type="checkbox" name="everySchool" value="on" defaultChecked={values.everySchool === 'on'} />
                <label htmlFor="every-school">Send to every school on this server (platform operators)</label>
              </div>
            ) : null}
            <div className="admin-button-row">
              <button className="btn" type="submit" name="intent" value="review">
                Review and send
              </button>
            </div>
          </Form>
        </section>
      )}
      {past.length > 0 ? (
        <section className="admin-section" aria-labelledby="past-alerts">
          <h2 id="past-alerts">Earlier alerts</h2>
          <ul className="admin-person-list">
            {past.map((a) => (
              <li key={a.id}>
                {a.message} — {staffTime(a.startsAt, timeZone)} to {staffTime(a.endedAt ?? a.endsAt, timeZone)}
                {a.endedAt ? ' (ended early)' : ''}. {sendWords(a.notification)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="field-hint">Signed in as {me.user.email}: each alert and its end are kept in the audit log.</p>
    </>
  );
}
