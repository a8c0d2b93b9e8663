import { Link, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/pages';
import { adminApi, fail, schoolPath, type StaffContext } from '../../lib/staff/admin-api.server';
import { adminMeta } from '../../lib/staff/admin-meta';
import { pageTitle } from '../../lib/staff/admin-pages';
import { staffTime, zoneLabel } from '../../lib/staff/admin-time';

// The information pages of the staff area (STAFF.md /admin/pages): each page's status and whether
// a draft is waiting, over GET /api/admin/{code}/pages; each links to its form (/admin/pages/{slug}).
// Every page is listed: one nobody has written yet (version 0) or never published is not on the public site.

interface PageRow {
  slug: string;
  version: number;
  updatedAt: string;
  status: 'draft' | 'review' | 'published';
  hasDraft: boolean;
  published: boolean;
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Information pages', matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  const answer = await adminApi<{ pages: PageRow[] }>(request, `${schoolPath(request)}/pages`);
  if (!answer.ok || !answer.data) fail(answer);
  return { pages: answer.data.pages };
}

const PENDING: Record<PageRow['status'], string> = { draft: 'Draft waiting', review: 'In review', published: '—' };

export default function Pages({ loaderData }: Route.ComponentProps) {
  const { timeZone } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  return (
    <>
      <h1>Information pages</h1>
      <p>
        The texts of the site&rsquo;s information pages. A change is a draft until it is published; a page never published is not on the
        public site.
      </p>
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled by keyboard */}
      <section className="admin-table-wrap" tabIndex={0} aria-label="Information pages: list">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">On the site</th>
              <th scope="col">Changes</th>
              <th scope="col">Last saved ({zoneLabel(timeZone)})</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.pages.map((p) => (
              <tr key={p.slug}>
                <td>
                  <Link to={`/admin/pages/${encodeURIComponent(p.slug)}`}>{pageTitle(p.slug)}</Link>
                </td>
                <td>{p.published ? 'Published' : p.version === 0 ? 'Not written yet' : 'Not published'}</td>
                <td>{p.hasDraft ? PENDING[p.status] : '—'}</td>
                <td>{p.updatedAt ? staffTime(p.updatedAt, timeZone) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
