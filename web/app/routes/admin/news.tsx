import { Form, Link, useRouteLoaderData } from 'react-router';
import { DISPLAY_STATUS_LABELS, DISPLAY_STATUSES, type DisplayStatus } from '@sthsm/contract';
import type { Route } from './+types/news';
import { adminApi, fail, schoolPath, type StaffContext } from '../../lib/admin-api.server';
import { adminMeta } from '../../lib/admin-meta';
import { staffTime } from '../../lib/admin-time';

// The news list of the staff area (STAFF.md /admin/news): search, status and year filters and pages,
// as a plain GET form (works without JavaScript), over GET /api/admin/{code}/content/news.

export interface NewsRow {
  id: string;
  fields: { title: string; date: string | null };
  displayStatus: DisplayStatus;
  updatedAt: string;
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('News', matches);
}

const PAGE_SIZE = 20;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters: Record<string, string> = {};
  for (const key of ['q', 'status', 'year']) {
    const value = url.searchParams.get(key)?.trim();
    if (value) filters[key] = value;
  }
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const query = new URLSearchParams({ ...filters, page: String(page), pageSize: String(PAGE_SIZE) });
  const answer = await adminApi<{ items: NewsRow[]; total: number; years: string[] }>(
    request,
    `${schoolPath(request)}/content/news?${query}`,
  );
  if (answer.status === 400) return { items: [], total: 0, years: [], page: 1, pages: 1, filters, error: answer.error };
  if (!answer.ok || !answer.data) fail(answer);
  const { items, total, years } = answer.data;
  return { items, total, years, page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), filters, error: '' };
}

export default function NewsList({ loaderData }: Route.ComponentProps) {
  const { items, total, years, page, pages, filters, error } = loaderData;
  const { timeZone } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const at = (p: number) => `?${new URLSearchParams({ ...filters, page: String(p) })}`;
  return (
    <>
      <h1>News</h1>
      <p>
        <Link className="btn" to="/admin/news/new">
          New news item
        </Link>
      </p>
      <Form method="get" className="admin-filters" aria-label="Filter the news">
        <div className="field">
          <label htmlFor="f-q">Search titles</label>
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
          <Link className="btn btn--outline" to="/admin/news">
            Clear
          </Link>
        </div>
      </Form>
      {error ? (
        <p className="admin-alert admin-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <p>
        <output>
          {total} {total === 1 ? 'item' : 'items'}
          {pages > 1 ? `, page ${page} of ${pages}` : ''}.
        </output>
      </p>
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled by keyboard */}
      <section className="admin-table-wrap" tabIndex={0} aria-label="News items">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
              <th scope="col">Last saved ({timeZone})</th>
            </tr>
          </thead>
          <tbody>
            {items.map((n) => (
              <tr key={n.id}>
                <td>
                  <Link to={`/admin/news/${encodeURIComponent(n.id)}`}>{n.fields.title}</Link>
                </td>
                <td>{n.fields.date?.slice(0, 10) ?? '—'}</td>
                <td>{DISPLAY_STATUS_LABELS[n.displayStatus]}</td>
                <td>{staffTime(n.updatedAt, timeZone)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {pages > 1 ? (
        <nav aria-label="News pages" className="admin-pager">
          {page > 1 ? <Link to={at(page - 1)}>Previous page</Link> : <span />}
          {page < pages ? <Link to={at(page + 1)}>Next page</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
