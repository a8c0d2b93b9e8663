import { data, Form, Link, useRouteLoaderData } from 'react-router';
import { DISPLAY_STATUS_LABELS, DISPLAY_STATUSES, type DisplayStatus } from '@sthsm/contract';
import type { Route } from './+types/content';
import { FormMessage } from '../../components/admin/fields';
import { adminApi, fail, schoolPath, type StaffContext } from '../../lib/admin-api.server';
import { contentView, plainText, type ContentView } from '../../lib/admin-content';
import { adminMeta } from '../../lib/admin-meta';
import { staffTime } from '../../lib/admin-time';

// The list of one content type (STAFF.md: /admin/news, /admin/events, … — lib/admin-content.ts):
// search, status and year filters and pages, as a plain GET form (works without JavaScript), over
// GET /api/admin/{code}/content/{type}. Any other /admin/{word} is the staff area's 404.

interface ContentRow {
  id: string;
  fields: Record<string, unknown>;
  displayStatus: DisplayStatus;
  updatedAt: string;
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
  const { type } = viewOf(params.type);
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
  if (answer.status === 400) return { type, items: [], total: 0, years: [], page: 1, pages: 1, filters, error: answer.error };
  if (!answer.ok || !answer.data) fail(answer);
  const { items, total, years } = answer.data;
  return { type, items, total, years, page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), filters, error: '' };
}

export default function ContentList({ loaderData }: Route.ComponentProps) {
  const { type, items, total, years, page, pages, filters, error } = loaderData;
  const view = viewOf(type);
  const titleLabel = view.fields.find((f) => f.name === view.titleField)?.label ?? 'Title';
  const here = `/admin/${type}`;
  const { timeZone } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const at = (p: number) => `?${new URLSearchParams({ ...filters, page: String(p) })}`;
  return (
    <>
      <h1>{view.heading}</h1>
      <p>
        <Link className="btn" to={`${here}/new`}>
          New {view.singular}
        </Link>
      </p>
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
              <th scope="col">Status</th>
              <th scope="col">Last saved ({timeZone})</th>
            </tr>
          </thead>
          <tbody>
            {items.map((n) => (
              <tr key={n.id}>
                <td>
                  <Link to={`${here}/${encodeURIComponent(n.id)}`}>{plainText(n.fields[view.titleField]) || '(empty)'}</Link>
                </td>
                {view.secondary ? <td>{plainText(n.fields[view.secondary.field]) || '—'}</td> : null}
                <td>{DISPLAY_STATUS_LABELS[n.displayStatus]}</td>
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
    </>
  );
}
