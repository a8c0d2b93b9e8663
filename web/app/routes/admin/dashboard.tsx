import { useEffect, useRef, type ReactNode } from 'react';
import { data, Form, Link, redirect, useNavigation, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from 'react-router';
import { ROLE_LABELS } from '@sthsm/contract/staff-words';
import '../../styles/admin-dashboard.css';
import type { Route } from './+types/dashboard';
import { CsrfField } from '../../components/admin/fields';
import { GoLiveChecklist } from '../../components/admin/go-live';
import { keptTextKey, useKeptText } from '../../components/admin/kept-text';
import { clearFormDraft } from '../../lib/staff/form-draft';
import { CONTENT_LINKS } from '../../lib/staff/admin-content';
import { adminMeta } from '../../lib/staff/admin-meta';
import { adminApi, formValues, schoolPath, signInAgain, relayCookies, type StaffContext } from '../../lib/staff/admin-api.server';
import { staffTime } from '../../lib/staff/admin-time';
import {
  count,
  dayInWords,
  isReviewType,
  itemHref,
  kindOf,
  lineTitle,
  personOf,
  zoneName,
  type DashboardData,
  type WorkLine,
} from '../../lib/staff/dashboard';

// The staff dashboard (issue 30 item 7; docs/decisions/0126): what needs someone, for the signed-in
// person's role — items waiting for review with Approve and Send back right here, what goes live
// next, one's drafts and what happened to what one submitted, new alumni submissions, photos
// without alt text, consent ending soon, the last backup — then the places. Approve and Send back
// are plain form posts (they work without JavaScript); the outcome is the first thing under the
// heading and, with JavaScript, is brought into view and focused.

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Dashboard', matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  const answer = await adminApi<DashboardData>(request, `${schoolPath(request)}/dashboard`);
  if (answer.status === 401) throw redirect(signInAgain(request), { headers: relayCookies(answer) });
  // No role in this school (403): the places only. Any other failure: say so, keep the places.
  if (answer.status === 403) return { dashboard: null, loadError: '' };
  if (!answer.ok || !answer.data) return { dashboard: null, loadError: `The work list could not be loaded. ${answer.error}` };
  return { dashboard: answer.data, loadError: '' };
}

/**
 * After Approve or Send back the lists are read again, also after a refusal (React Router skips that
 * for a 4xx answer by default): a 409 means the item changed, and the page must show its new version.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === 'POST' ? true : defaultShouldRevalidate;
}

interface Outcome {
  intent: 'approve' | 'return' | '';
  /** The item acted on (`type/id`), so its note form keeps what was typed after a refusal. */
  item: string;
  error: string;
  /** A field's message (the note), shown under it and linked from the message. */
  fieldError: string;
  success: string;
  /** The note as typed (kept through a refusal). */
  comment: string;
  /** An approved item that goes live later: when (UTC). */
  goesLiveAt: string | null;
}

const CHANGED =
  'This item was changed after this page was loaded, so nothing was done. Look at it again below (or open it), then choose again.';

export async function action({ request }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const { intent = '', type = '', id = '', version = '', csrf = '', comment = '', title = '', author = '' } = values;
  const item = `${type}/${id}`;
  const answer = (o: Partial<Outcome>, status = 200) =>
    data<Outcome>({ intent: '', item, error: '', fieldError: '', success: '', comment, goesLiveAt: null, ...o }, { status });
  if ((intent !== 'approve' && intent !== 'return') || !isReviewType(type) || !id) {
    return answer({ error: 'Unknown action. Reload the page and try again.' }, 400);
  }
  const base =
    type === 'pages'
      ? `${schoolPath(request)}/pages/${encodeURIComponent(id)}`
      : `${schoolPath(request)}/content/${type}/${encodeURIComponent(id)}`;
  const result = await adminApi<{ item?: { displayStatus?: string; publishAt?: string | null } }>(
    request,
    `${base}/${intent === 'approve' ? 'publish' : 'return'}`,
    { method: 'POST', body: intent === 'approve' ? { version } : { version, comment }, csrf },
  );
  // The session ended: sign in again and come back here (the note is kept in this tab).
  if (result.status === 401) throw redirect(signInAgain(request, true), { headers: relayCookies(result) });
  const named = title ? `“${title}”` : 'The item';
  if (!result.ok) {
    const errors = (result.details?.errors as Record<string, string> | undefined) ?? {};
    const fieldError = intent === 'return' ? (errors.comment ?? '') : '';
    const error =
      result.status === 409
        ? CHANGED
        : fieldError
          ? `${named} was not sent back: write a note saying what needs changing.`
          : `${named} was not ${intent === 'approve' ? 'approved' : 'sent back'}. ${result.error}`;
    return answer({ intent, error, fieldError }, result.status || 503);
  }
  if (intent === 'return') {
    return answer({ intent, success: `${named} was sent back to ${author || 'its author'} with your note. It is a draft again.` });
  }
  const saved = result.data?.item;
  const goesLiveAt = saved?.displayStatus === 'scheduled' && saved.publishAt ? saved.publishAt : null;
  return answer({
    intent,
    comment: '',
    goesLiveAt,
    success: goesLiveAt
      ? `Approved: ${named} is published and goes live on`
      : `Approved: ${named} is published and on the public site now.`,
  });
}

/** The outcome of Approve or Send back, first under the heading; focused (and so in view) when it appears. */
function OutcomeMessage({ outcome, timeZone }: { outcome: Outcome | undefined; timeZone: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) box.current?.focus();
  }, [outcome]);
  if (!outcome || (!outcome.error && !outcome.success)) return null;
  // A scheduled item's time in the school's time zone, named.
  const success = outcome.goesLiveAt
    ? `${outcome.success} ${staffTime(outcome.goesLiveAt, timeZone)} (${zoneName(timeZone)}).`
    : outcome.success;
  return (
    <div ref={box} tabIndex={-1} className="admin-dashboard-outcome">
      {outcome.error ? (
        <div className="admin-alert admin-alert--error" role="alert">
          <p>{outcome.error}</p>
          {outcome.fieldError ? (
            <p>
              <a href={`#note-${outcome.item.replace('/', '-')}`}>{outcome.fieldError}</a>
            </p>
          ) : null}
        </div>
      ) : (
        <output className="admin-alert admin-alert--ok">{success}</output>
      )}
    </div>
  );
}

function ReviewLine({
  line,
  editor,
  timeZone,
  school,
  me,
  outcome,
}: {
  line: DashboardData['review']['items'][number];
  /** The signed-in person's e-mail (their own submissions say "you"). */
  me: string;
  editor: boolean;
  timeZone: string;
  school: string;
  outcome: Outcome | undefined;
}) {
  const busy = useNavigation().state === 'submitting';
  const key = `${line.type}/${line.id}`;
  const noteId = `note-${line.type}-${line.id}`;
  const title = lineTitle(line);
  const mine = outcome?.item === key && outcome.intent === 'return' ? outcome : undefined;
  const details = useRef<HTMLDetailsElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const kept = useKeptText(keptTextKey(school, 'return', key), form, mine, () => {
    if (details.current) details.current.open = true;
  });
  const author = personOf(line.submittedBy);
  const byMe = line.submittedBy?.email === me;
  return (
    <li className="admin-work-item">
      <p className="admin-work-title">
        <Link to={itemHref(line)}>{title}</Link>
      </p>
      <p className="admin-work-facts">
        {kindOf(line)} · submitted by {byMe ? 'you' : author} on {staffTime(line.submittedAt, timeZone)}
      </p>
      {editor ? (
        <div className="admin-work-actions">
          <Form method="post" className="admin-button-row">
            <CsrfField />
            <input type="hidden" name="type" value={line.type} />
            <input type="hidden" name="id" value={line.id} />
            <input type="hidden" name="version" value={line.version} />
            <input type="hidden" name="title" value={title} />
            <button className="btn" type="submit" name="intent" value="approve" disabled={busy} aria-label={`Approve “${title}”`}>
              Approve
            </button>
          </Form>
          <details ref={details} open={Boolean(mine?.error) || kept.restored}>
            <summary aria-label={`Send back “${title}” with a note`}>Send back with a note</summary>
            <Form method="post" ref={form} className="admin-form admin-send-back" onSubmit={kept.keep}>
              <CsrfField />
              <input type="hidden" name="type" value={line.type} />
              <input type="hidden" name="id" value={line.id} />
              <input type="hidden" name="version" value={line.version} />
              <input type="hidden" name="title" value={title} />
              <input type="hidden" name="author" value={author} />
              <div className={`field${mine?.fieldError ? ' field--invalid' : ''}`}>
                <label htmlFor={noteId}>Note for {author}</label>
                <p className="field-hint" id={`${noteId}-hint`}>
                  What needs changing before it can go on the site. They see it on their dashboard and on the item.
                </p>
                <textarea
                  id={noteId}
                  name="comment"
                  rows={3}
                  maxLength={2000}
                  required
                  defaultValue={mine?.comment ?? ''}
                  aria-invalid={mine?.fieldError ? true : undefined}
                  aria-describedby={`${noteId}-hint${mine?.fieldError ? ` ${noteId}-error` : ''}`}
                />
                {mine?.fieldError ? (
                  <p className="field-error" id={`${noteId}-error`}>
                    {mine.fieldError}
                  </p>
                ) : null}
              </div>
              <button className="btn btn--outline" type="submit" name="intent" value="return" disabled={busy}>
                Send back
              </button>
            </Form>
          </details>
        </div>
      ) : null}
    </li>
  );
}

function More({ shown, total, to, what }: { shown: number; total: number; to?: string; what: string }) {
  if (total <= shown) return null;
  return <p className="admin-work-more">{to ? <Link to={to}>{`See all ${total} ${what}`}</Link> : `and ${total - shown} more ${what}`}</p>;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="admin-work" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="admin-work-empty">{children}</p>;
}

const link = (line: WorkLine) => <Link to={itemHref(line)}>{lineTitle(line)}</Link>;

function Work({
  d,
  timeZone,
  school,
  me,
  outcome,
}: {
  d: DashboardData;
  timeZone: string;
  school: string;
  me: string;
  outcome: Outcome | undefined;
}) {
  const editor = d.role === 'admin' || d.role === 'editor';
  const zone = zoneName(timeZone);
  return (
    <div className="admin-dashboard">
      {d.breaches && d.breaches.length > 0 ? (
        <Section id="work-breaches" title="Breach reports due">
          <ul className="admin-work-list">
            {d.breaches.map((b) => (
              <li key={b.id} className="admin-work-item">
                <p className="admin-work-title">
                  <Link to={`/admin/breaches/${encodeURIComponent(b.id)}`}>{`Breach of ${staffTime(b.awareAt, timeZone)}`}</Link>
                </p>
                <p className={`admin-work-facts${b.overdue ? ' admin-work-overdue' : ''}`}>{b.clock}.</p>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section id="work-review" title={editor ? 'Waiting for review' : 'Your items waiting for review'}>
        {d.review.items.length === 0 ? (
          <Empty>Nothing is waiting for review.</Empty>
        ) : (
          <ul className="admin-work-list">
            {d.review.items.map((line) => (
              <ReviewLine
                key={`${line.type}/${line.id}`}
                line={line}
                editor={editor}
                timeZone={timeZone}
                school={school}
                me={me}
                outcome={outcome}
              />
            ))}
          </ul>
        )}
        {d.review.total > d.review.items.length ? (
          <p className="admin-work-more">
            {`and ${d.review.total - d.review.items.length} more: each list shows them under the “In review” filter.`}
          </p>
        ) : null}
      </Section>

      <Section id="work-reviewed" title="Recently reviewed">
        {d.reviewed.length === 0 ? (
          <Empty>None of your items was approved or sent back in the last 30 days.</Empty>
        ) : (
          <ul className="admin-work-list">
            {d.reviewed.map((r) => (
              <li key={`${r.type}/${r.id}`} className="admin-work-item">
                <p className="admin-work-title">{link(r)}</p>
                <p className="admin-work-facts">
                  {kindOf(r)} · <strong>{r.outcome === 'approved' ? 'Approved' : 'Sent back'}</strong> by {personOf(r.by)} on{' '}
                  {staffTime(r.at, timeZone)}
                </p>
                {r.note ? (
                  <blockquote className="admin-work-note">
                    <p>
                      <span className="admin-work-note-label">Note: </span>
                      {r.note}
                    </p>
                  </blockquote>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="work-scheduled" title="Goes live next">
        {d.scheduled.items.length === 0 ? (
          <Empty>Nothing is scheduled to go live.</Empty>
        ) : (
          <>
            <p className="admin-work-zone">Times are {zone}.</p>
            <ul className="admin-work-list">
              {d.scheduled.items.map((s) => (
                <li key={`${s.type}/${s.id}`} className="admin-work-item">
                  <p className="admin-work-title">{link(s)}</p>
                  <p className="admin-work-facts">
                    {kindOf(s)} · goes live {staffTime(s.publishAt, timeZone)}
                  </p>
                </li>
              ))}
            </ul>
          </>
        )}
        <More shown={d.scheduled.items.length} total={d.scheduled.total} what="scheduled items" />
      </Section>

      <Section id="work-drafts" title="Your drafts">
        {d.drafts.items.length === 0 ? (
          <Empty>You have no drafts.</Empty>
        ) : (
          <ul className="admin-work-list">
            {d.drafts.items.map((draft) => (
              <li key={`${draft.type}/${draft.id}`} className="admin-work-item">
                <p className="admin-work-title">{link(draft)}</p>
                <p className="admin-work-facts">
                  {kindOf(draft)} · last saved {staffTime(draft.updatedAt, timeZone)}
                  {draft.reviewNote ? ' · sent back with a note' : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
        <More shown={d.drafts.items.length} total={d.drafts.total} what="drafts" />
      </Section>

      {d.submissions ? (
        <Section id="work-submissions" title="Alumni submissions">
          {d.submissions.unhandled === 0 ? (
            <Empty>Every alumni submission is handled.</Empty>
          ) : (
            <p>
              <Link to="/admin/submissions?status=unhandled">{`${count(d.submissions.unhandled, 'submission', 'submissions')} not handled yet`}</Link>
              {d.submissions.newest ? ` · the newest came ${staffTime(d.submissions.newest, timeZone)}` : ''}
            </p>
          )}
        </Section>
      ) : null}

      {d.requests && d.requests.open > 0 ? (
        <Section id="work-requests" title="Requests about personal data">
          <p>
            <Link to="/admin/requests">{`${count(d.requests.open, 'request', 'requests')} open`}</Link>
            {d.requests.overdue > 0 ? (
              <>
                {' · '}
                <strong>{`${d.requests.overdue} past ${d.requests.overdue === 1 ? 'its' : 'their'} due date`}</strong>
              </>
            ) : null}
          </p>
        </Section>
      ) : null}

      {d.photosWithoutAlt !== null ? (
        <Section id="work-alt" title="Photos without alt text">
          {d.photosWithoutAlt === 0 ? (
            <Empty>Every photo in the library has alt text or is marked decorative.</Empty>
          ) : (
            <p>
              <Link to="/admin/media?missingAlt=1">{`${count(d.photosWithoutAlt, 'photo has', 'photos have')} no alt text`}</Link> — people
              who cannot see them are told nothing, and an album with them cannot be published.
            </p>
          )}
        </Section>
      ) : null}

      {d.consentEnding ? (
        <Section id="work-consent" title="Consent ending soon">
          {d.consentEnding.items.length === 0 ? (
            <Empty>No guardian’s consent ends in the next {d.consentEnding.days} days.</Empty>
          ) : (
            <>
              <p className="admin-work-zone">
                Ending in the next {d.consentEnding.days} days; after its last day the site stops showing the child for it.
              </p>
              <ul className="admin-work-list">
                {d.consentEnding.items.map((c) => (
                  <li key={`${c.childId}/${c.purpose}`} className="admin-work-item">
                    <p className="admin-work-title">
                      <Link to={`/admin/children/${encodeURIComponent(c.childId)}`}>{`${c.name} (${c.class})`}</Link>
                    </p>
                    <p className="admin-work-facts">
                      {c.purposeLabel} · last day {dayInWords(c.endsOn)}
                    </p>
                  </li>
                ))}
              </ul>
            </>
          )}
          <More shown={d.consentEnding.items.length} total={d.consentEnding.total} to="/admin/children" what="consents ending" />
        </Section>
      ) : null}

      {d.unlinked && d.unlinked.toppers + d.unlinked.birthdays > 0 ? (
        <Section id="work-unlinked" title="Not linked to a consent record">
          <p>
            {countWords(d.unlinked.toppers, 'topper', 'toppers')}
            {d.unlinked.toppers && d.unlinked.birthdays ? ' and ' : ''}
            {countWords(d.unlinked.birthdays, 'birthday', 'birthdays')} on the site name a child without a link to the child’s consent
            record (for example, ones imported from the old site). Open each and choose its child from the consent register, or unpublish
            it.
          </p>
          <ul className="admin-work-list">
            {d.unlinked.toppers ? (
              <li className="admin-work-item">
                <Link to="/admin/toppers">Toppers</Link>
              </li>
            ) : null}
            {d.unlinked.birthdays ? (
              <li className="admin-work-item">
                <Link to="/admin/birthdays">Birthdays</Link>
              </li>
            ) : null}
            <li className="admin-work-item">
              <Link to="/admin/children">Children and consent</Link>
            </li>
          </ul>
        </Section>
      ) : null}

      {d.backup ? (
        <Section id="work-backup" title="Backups">
          <BackupLine backup={d.backup} timeZone={timeZone} />
        </Section>
      ) : null}
    </div>
  );
}

/** "1 topper", "3 birthdays", or nothing for none. */
function countWords(n: number, one: string, many: string): string {
  return n === 0 ? '' : `${n} ${n === 1 ? one : many}`;
}

function BackupLine({ backup, timeZone }: { backup: NonNullable<DashboardData['backup']>; timeZone: string }) {
  const { lastSuccess, lastFailure, failing, running, schedule } = backup;
  const next = schedule ? (
    <p>The next scheduled backup is on {staffTime(schedule.next, timeZone)}.</p>
  ) : (
    <p>Daily backups are off on this server.</p>
  );
  const now = running ? <p>A backup is running (started {staffTime(running.startedAt, timeZone)}).</p> : null;
  if (failing && lastFailure) {
    return (
      <>
        <div className="admin-alert admin-alert--error">
          <p>
            The last backup failed on {staffTime(lastFailure.at, timeZone)}: {lastFailure.error}
          </p>
          <p>
            {lastSuccess ? `The last one that succeeded was on ${staffTime(lastSuccess.at, timeZone)}.` : 'No backup has succeeded yet.'}
          </p>
        </div>
        {now}
        {next}
      </>
    );
  }
  return (
    <>
      {lastSuccess ? (
        <p>The last backup succeeded on {staffTime(lastSuccess.at, timeZone)}.</p>
      ) : (
        <Empty>No backup has been made yet.</Empty>
      )}
      {now}
      {next}
    </>
  );
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const staff = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const { me, role, school } = staff;
  const { dashboard, loadError } = loaderData;
  // A note sent back is done: the text kept for it in this tab goes (the item has left the list).
  useEffect(() => {
    if (actionData?.intent === 'return' && actionData.success) clearFormDraft(keptTextKey(school.code, 'return', actionData.item));
  }, [actionData, school.code]);
  return (
    <>
      <h1>Welcome, {me.user.name}</h1>
      <p>
        You are signed in to the staff area of <strong>{school.name}</strong>
        {role ? (
          <>
            {' '}
            as <strong>{ROLE_LABELS[role].toLowerCase()}</strong>
          </>
        ) : null}
        {me.user.isOperator ? ' (platform operator)' : ''}.
      </p>
      <OutcomeMessage outcome={actionData} timeZone={staff.timeZone} />
      {loadError ? (
        <p className="admin-alert admin-alert--error" role="alert">
          {loadError}
        </p>
      ) : null}
      {dashboard?.goLive && !dashboard.goLive.done ? <GoLiveChecklist goLive={dashboard.goLive} operator={me.user.isOperator} /> : null}
      {dashboard ? <Work d={dashboard} timeZone={staff.timeZone} school={school.code} me={me.user.email} outcome={actionData} /> : null}
      <section aria-labelledby="places">
        <h2 id="places">Places</h2>
        <ul className="admin-places">
          {role === 'admin' ? (
            <>
              <li>
                <Link to="/admin/settings">
                  <strong>School settings</strong>
                  <span>Name, phone numbers, address, links and the facts the website shows.</span>
                </Link>
              </li>
              <li>
                <Link to="/admin/staff">
                  <strong>Staff</strong>
                  <span>Invite people, change roles, sign someone out.</span>
                </Link>
              </li>
              <li>
                <Link to="/admin/submissions">
                  <strong>Alumni submissions</strong>
                  <span>Read, export and erase alumni registrations; a person&rsquo;s request.</span>
                </Link>
              </li>
              <li>
                <Link to="/admin/audit">
                  <strong>Audit log</strong>
                  <span>Who changed what, and every sign-in.</span>
                </Link>
              </li>
            </>
          ) : null}
          {role === 'admin' || role === 'editor' ? (
            <li>
              <Link to="/admin/children">
                <strong>Children and consent</strong>
                <span>Guardians&rsquo; consent for birthdays, results and photos on the site; withdraw it in one step.</span>
              </Link>
            </li>
          ) : null}
          <li>
            <Link to="/admin/account">
              <strong>Your account</strong>
              <span>Password and two-factor sign-in.</span>
            </Link>
          </li>
          <li>
            <Link to="/" reloadDocument>
              <strong>Public website</strong>
              <span>See the site as visitors do.</span>
            </Link>
          </li>
        </ul>
        {role ? (
          <>
            <h3>Content</h3>
            <ul className="admin-places admin-places--content">
              {CONTENT_LINKS.map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>
                    <strong>{l.label}</strong>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
      <p className="admin-aside">
        {me.user.twoFactorEnabled ? 'Two-factor sign-in is on for your account. ' : 'Tip: turn on two-factor sign-in under Your account. '}
        If you do nothing here, this session ends on {staffTime(me.session.expiresAt, staff.timeZone)}; in any case 7 days after you signed
        in.
      </p>
    </>
  );
}
