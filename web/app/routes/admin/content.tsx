import { data, Form, Link, redirect, useRouteLoaderData } from 'react-router';
import { DISPLAY_STATUS_LABELS, DISPLAY_STATUSES, type DisplayStatus } from '@sthsm/contract';
import '../../styles/admin-trash.css';
import type { Route } from './+types/content';
import { CsrfField, FormMessage } from '../../components/admin/fields';
import { RecentlyDeleted, TrashMessage, type TrashEntry } from '../../components/admin/recently-deleted';
import { adminApi, fail, formValues, schoolPath, signInAgain, type StaffContext } from '../../lib/staff/admin-api.server';
import { contentView, plainText, type ContentView } from '../../lib/staff/admin-content';
import { adminMeta } from '../../lib/staff/admin-meta';
import { listWords, staffTime, zoneLabel } from '../../lib/staff/admin-time';

// The list of one content type (STAFF.md: /admin/news, /admin/events, … — lib/staff/admin-content.ts):
// search, status and year filters and pages, as a plain GET form (works without JavaScript), over
// GET /api/admin/{code}/content/{type}. Any other /admin/{word} is the staff area's 404.

interface ContentRow {
  id: string;
  fields: Record<string, unknown>;
  displayStatus: DisplayStatus;
  updatedAt: string;
  /** Why a Published item is not (fully) on the public site now (api/src/content/not-shown.ts). */
  notShown?: { short: string } | null;
  publishAt: string | null;
}

const ADDED_AS: Record<string, string> = { publish: 'published', review: 'submitted for review', draft: 'saved as drafts' };

/** After the paste page's "Add N toppers": how many were added, and how. */
function addedMessage(url: URL, view: ContentView): string {
  const added = Number.parseInt(url.searchParams.get('added') ?? '', 10);
  const as = ADDED_AS[url.searchParams.get('as') ?? ''];
  return added > 0 && as ? `${added} ${added === 1 ? view.singular : view.heading.toLowerCase()} added and ${as}.` : '';
}

/** The type of /admin/{type}[/…], or the staff area's 404. */
export function viewOf(type: string | undefined): ContentView {
  const view = contentView(type);
  if (!view) throw data({ message: 'There is no such page in the staff area.' }, { status: 404 });
  return view;
}

export function meta({ matches, params }: Route.MetaArgs) {
  return adminMeta(contentView(params.type)?.heading ?? 'Not found', matches);
}

const PAGE_SIZE = 20;

export async function loader({ request, params }: Route.LoaderArgs) {
  const view = viewOf(params.type);
  const { type } = view;
  const url = new URL(request.url);
  const filters: Record<string, string> = {};
  for (const key of ['q', 'status', 'year']) {
    const value = url.searchParams.get(key)?.trim();
    if (value) filters[key] = value;
  }
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const query = new URLSearchParams({ ...filters, page: String(page), pageSize: String(PAGE_SIZE) });
  const answer = await adminApi<{ items: ContentRow[]; total: number; years: string[] }>(
    request,
    `${schoolPath(request)}/content/${type}?${query}`,
  );
  const added = addedMessage(url, view);
  const trash = await recentlyDeleted(request, type);
  if (answer.status === 400)
    return {
      type,
      items: [],
      total: 0,
      years: [],
      page: 1,
      pages: 1,
      filters,
      error: answer.error,
      added,
      ...trash,
      ...(await undone(request, type, url)),
    };
  if (!answer.ok || !answer.data) fail(answer);
  const { items, total, years } = answer.data;
  return {
    type,
    items,
    total,
    years,
    page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    filters,
    error: '',
    added,
    ...trash,
    ...(await undone(request, type, url)),
  };
}

/** When a published item shows on the site: its Publish at, or "On publishing" (at once); not yet for drafts. */
function goLive(n: ContentRow, timeZone: string): string {
  if (n.publishAt) return staffTime(n.publishAt, timeZone);
  if (n.displayStatus === 'expired') return 'Ended';
  return n.displayStatus === 'published' ? 'Live now' : 'When published';
}

/** The type's recently deleted items (decision 0123), and after a delete (?deleted=id) the one just deleted. */
async function recentlyDeleted(request: Request, type: string) {
  const answer = await adminApi<{ items: TrashEntry[]; keptDays: number }>(request, `${schoolPath(request)}/content-trash/${type}`);
  const trash = answer.ok && answer.data ? answer.data.items : [];
  const id = new URL(request.url).searchParams.get('deleted');
  return { trash, justDeleted: (id && trash.find((e) => e.id === id)) || null };
}

/** After Undo or Restore (?restored=id): the item brought back, to name it and link to it. */
async function undone(request: Request, type: string, url: URL) {
  const id = url.searchParams.get('restored');
  if (!id) return { restored: null };
  const answer = await adminApi<{ item: ContentRow & { status: string } }>(
    request,
    `${schoolPath(request)}/content/${type}/${encodeURIComponent(id)}`,
  );
  return { restored: answer.ok && answer.data ? answer.data.item : null };
}

/** Undo (after a delete) and Restore (in Recently deleted): the item comes back as it was. */
export async function action({ request, params }: Route.ActionArgs) {
  const { type } = viewOf(params.type);
  const { id = '', csrf = '' } = formValues(await request.formData());
  const answer = await adminApi(request, `${schoolPath(request)}/content-trash/${type}/${encodeURIComponent(id)}/restore`, {
    method: 'POST',
    body: {},
    csrf,
  });
  if (answer.status === 401) throw redirect(signInAgain(request, true));
  if (answer.ok) return redirect(`/admin/${type}?restored=${encodeURIComponent(id)}`);
  return { restoreError: answer.error };
}

export default function ContentList({ loaderData, actionData }: Route.ComponentProps) {
  const { type, items, total, years, page, pages, filters, error, added, trash, justDeleted, restored } = loaderData;
  const view = viewOf(type);
  const titleLabel = view.fields.find((f) => f.name === view.titleField)?.label ?? 'Title';
  const here = `/admin/${type}`;
  const { timeZone } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const at = (p: number) => `?${new URLSearchParams({ ...filters, page: String(p) })}`;
  return (
    <>
      <h1>{view.heading}</h1>
      <TrashMessage
        here={here}
        justDeleted={justDeleted}
        restored={
          restored
            ? { id: restored.id, title: plainText(restored.fields[view.titleField], 80), live: restored.displayStatus === 'published' }
            : null
        }
        error={actionData?.restoreError ?? null}
        csrf={<CsrfField />}
      />
      <p>
        <Link className="btn" to={`${here}/new`}>
          New {view.singular}
        </Link>
        {view.addMany ? (
          <>
            {' '}
            <Link className="btn btn--outline" to={view.addMany.to}>
              {view.addMany.label}
            </Link>
          </>
        ) : null}
      </p>
      <FormMessage success={added} />
      <Form method="get" className="admin-filters" aria-label={`Filter: ${view.heading}`}>
        <div className="field">
          <label htmlFor="f-q">Search {titleLabel.toLowerCase()}s</label>
          <input id="f-q" name="q" type="search" defaultValue={filters.q ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="f-status">Status</label>
          <select id="f-status" name="status" defaultValue={filters.status ?? ''}>
            <option value="">All</option>
            {DISPLAY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {DISPLAY_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="f-year">Year</label>
          <select id="f-year" name="year" defaultValue={filters.year ?? ''}>
            <option value="">All</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-button-row">
          <button className="btn" type="submit">
            Filter
          </button>
          <Link className="btn btn--outline" to={here}>
            Clear
          </Link>
        </div>
      </Form>
      <FormMessage error={error} />
      <p>
        <output>
          {total} {total === 1 ? 'item' : 'items'}
          {pages > 1 ? `, page ${page} of ${pages}` : ''}.
        </output>
      </p>
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled by keyboard */}
      <section className="admin-table-wrap" tabIndex={0} aria-label={`${view.heading}: items`}>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{titleLabel}</th>
              {view.secondary ? <th scope="col">{view.secondary.label}</th> : null}
              {view.columns?.map((c) => (
                <th key={c.field} scope="col">
                  {c.label}
                </th>
              ))}
              <th scope="col">Status</th>
              {view.goLive ? <th scope="col">Goes live ({zoneLabel(timeZone)})</th> : null}
              <th scope="col">Last saved ({zoneLabel(timeZone)})</th>
            </tr>
          </thead>
          <tbody>
            {items.map((n) => (
              <tr key={n.id}>
                <td>
                  <Link to={`${here}/${encodeURIComponent(n.id)}`}>{plainText(n.fields[view.titleField]) || '(empty)'}</Link>
                </td>
                {view.secondary ? <td>{listWords(view, view.secondary.field, n.fields[view.secondary.field]) || '—'}</td> : null}
                {view.columns?.map((c) => (
                  <td key={c.field}>{plainText(n.fields[c.field]) || '—'}</td>
                ))}
                <td>
                  {DISPLAY_STATUS_LABELS[n.displayStatus]}
                  {n.notShown ? (
                    <>
                      {' · '}
                      <strong>{n.notShown.short}</strong>
                    </>
                  ) : null}
                </td>
                {view.goLive ? <td>{goLive(n, timeZone)}</td> : null}
                <td>{staffTime(n.updatedAt, timeZone)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {pages > 1 ? (
        <nav aria-label={`${view.heading}: pages`} className="admin-pager">
          {page > 1 ? <Link to={at(page - 1)}>Previous page</Link> : <span />}
          {page < pages ? <Link to={at(page + 1)}>Next page</Link> : null}
        </nav>
      ) : null}
      <RecentlyDeleted entries={trash} heading={view.heading} timeZone={timeZone} csrf={<CsrfField />} />
    </>
  );
}
