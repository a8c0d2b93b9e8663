import { Form, Link, redirect, useNavigation, useRouteLoaderData } from 'react-router';
import { birthdayNamesBody, CONSENT_PURPOSE_LABELS, CONSENT_PURPOSES, type Child } from '@sthsm/contract/children';
import '../../styles/admin-children.css';
import type { Route } from './+types/children';
import { ChildForm, consentState, verificationWords } from '../../components/admin/child-form';
import { CsrfField, FormMessage } from '../../components/admin/fields';
import { AdminPager } from '../../components/admin/pager';
import { adminApi, fail, formValues, schoolPath, type StaffContext } from '../../lib/staff/admin-api.server';
import { outcomes, submitChild, type ChildOutcome } from '../../lib/staff/children-form.server';
import { adminMeta } from '../../lib/staff/admin-meta';

// The consent register (STAFF.md /admin/children; issue 16): children the site may show and their
// guardians' consent per purpose — a searchable list, "Record a child", and (administrators) what
// the public birthday section shows. Plain form posts: everything works without JavaScript.

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Children and consent', matches);
}

type BirthdayNames = 'first' | 'full';

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams.get('q')?.trim() ?? '';
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const query = new URLSearchParams({ ...(q ? { q } : {}), page: String(page) });
  const [list, settings] = await Promise.all([
    adminApi<{ items: Child[]; total: number; pageSize: number }>(request, `${schoolPath(request)}/children?${query}`),
    adminApi<{ birthdayNames: BirthdayNames }>(request, `${schoolPath(request)}/children-settings`),
  ]);
  if (!list.ok || !list.data) fail(list);
  const { items, total, pageSize } = list.data;
  return {
    items,
    total,
    page,
    pages: Math.max(1, Math.ceil(total / pageSize)),
    q,
    // Administrators only: editors see no setting (the API answers them 403).
    birthdayNames: settings.ok && settings.data ? settings.data.birthdayNames : null,
    erased: url.searchParams.has('erased'),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { intent = '', csrf = '', ...values } = formValues(await request.formData());
  const { refuse, done } = outcomes(intent, values);
  if (intent === 'birthday-names') {
    const parsed = birthdayNamesBody.safeParse(values);
    if (!parsed.success) return refuse(400, parsed.error.issues[0]?.message ?? 'Choose an option.');
    const answer = await adminApi(request, `${schoolPath(request)}/children-settings`, { method: 'PUT', body: parsed.data, csrf });
    if (!answer.ok) return answer.status === 401 ? fail(answer) : refuse(answer.status, answer.error);
    return done('Saved. The birthday section shows this now.');
  }
  const saved = await submitChild(request, { path: `${schoolPath(request)}/children`, method: 'POST' }, values, csrf, refuse);
  if ('refused' in saved) return saved.refused;
  return redirect(`/admin/children/${encodeURIComponent(saved.child.id)}?recorded=1`);
}

function ConsentSummary({ child }: { child: Child }) {
  const { timeZone } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  return (
    <ul className="consent-list">
      {CONSENT_PURPOSES.map((purpose) => {
        const consent = child.consents.find((c) => c.purpose === purpose);
        const state = consentState(consent, timeZone);
        return (
          <li key={purpose}>
            {CONSENT_PURPOSE_LABELS[purpose]}:{' '}
            <span className={state.current ? 'consent-state--current' : 'consent-state--off'}>{state.text}</span>
            {consent?.current && consent.verifiedBy === 'guardian' ? ` (${verificationWords(consent, timeZone, true)})` : ''}
          </li>
        );
      })}
    </ul>
  );
}

function BirthdayNamesForm({ current, outcome }: { current: BirthdayNames; outcome: ChildOutcome | undefined }) {
  const mine = outcome?.intent === 'birthday-names' ? outcome : undefined;
  return (
    <section className="admin-section" aria-labelledby="names-heading">
      <h2 id="names-heading">Birthdays on the site</h2>
      <Form method="post">
        <CsrfField />
        <fieldset className="consent-radios">
          <legend>The birthday section on the home page shows</legend>
          <label className="admin-check">
            <input type="radio" name="birthdayNames" value="first" defaultChecked={current === 'first'} /> First name and class
            (recommended)
          </label>
          <label className="admin-check">
            <input type="radio" name="birthdayNames" value="full" defaultChecked={current === 'full'} /> Full name and class
          </label>
        </fieldset>
        <FormMessage error={mine?.error} success={mine?.success} />
        <button className="btn" type="submit" name="intent" value="birthday-names">
          Save
        </button>
      </Form>
    </section>
  );
}

export default function ChildrenPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pages, q, birthdayNames, erased } = loaderData;
  const staff = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const busy = useNavigation().state === 'submitting';
  const recording = actionData && actionData.intent !== 'birthday-names' ? actionData : undefined;
  const at = (p: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) })}`;
  return (
    <>
      <h1>Children and consent</h1>
      {erased ? <FormMessage success="The child’s record was erased. Whatever showed them stays off the site." /> : null}
      <p>
        A child can appear on the site (a birthday, a result) only while their guardian&rsquo;s consent for that purpose is in effect.
        Withdrawing consent, or its end date passing, takes every such item off the site within a minute.
      </p>
      <Form method="get" className="admin-filters" aria-label="Search children">
        <div className="field">
          <label htmlFor="f-q">Search children</label>
          <input id="f-q" name="q" type="search" defaultValue={q} />
        </div>
        <div className="admin-button-row">
          <button className="btn" type="submit">
            Search
          </button>
          <Link className="btn btn--outline" to="/admin/children">
            Clear
          </Link>
        </div>
      </Form>
      <p>
        <output>
          {total} {total === 1 ? 'child' : 'children'}
          {pages > 1 ? `, page ${page} of ${pages}` : ''}.
        </output>
      </p>
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled by keyboard */}
      <section className="admin-table-wrap" tabIndex={0} aria-label="Children">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Class</th>
              <th scope="col">Admission number</th>
              <th scope="col">Consent</th>
            </tr>
          </thead>
          <tbody>
            {items.map((c) => (
              <tr key={c.id}>
                <td>
                  <Link to={`/admin/children/${encodeURIComponent(c.id)}`}>{c.name}</Link>
                </td>
                <td>{c.class}</td>
                <td>{c.admissionNumber ?? '—'}</td>
                <td>
                  <ConsentSummary child={c} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <AdminPager label="Pages of children" page={page} pages={pages} at={at} />
      <section className="admin-section" aria-labelledby="record-heading">
        <h2 id="record-heading">Record a child</h2>
        <p>Fill in a purpose only when the guardian has given consent for it. You are recorded as the person who entered it.</p>
        <ChildForm intent="record" button="Record child" outcome={recording} values={recording?.values ?? {}} busy={busy} />
      </section>
      {birthdayNames && staff.role !== 'editor' ? <BirthdayNamesForm current={birthdayNames} outcome={actionData} /> : null}
    </>
  );
}
