import { data, Link } from 'react-router';
import type { Route } from './+types/not-found';
import { PageHeader } from '../components/page-header';
import { MENU_GROUPS, pagesOf } from '../lib/site-map';
import { useSitePages } from '../lib/site-pages';

/** An unknown path: a real page with the site's header and menu, answered with status 404. */
export function loader({ request }: Route.LoaderArgs) {
  return data({ path: new URL(request.url).pathname }, { status: 404 });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const pages = useSitePages();
  return (
    <>
      <PageHeader title="Page not found" />
      <div className="container section prose">
        <p>
          Sorry, there is no page at <code>{loaderData.path}</code>. It may have moved, or the address may be mistyped.
        </p>
        <p>These pages may help:</p>
        <ul>
          <li>
            <Link to="/">Home page</Link>
          </li>
          {MENU_GROUPS.map((group) => pagesOf(group, pages)[0]).map((p) =>
            p ? (
              <li key={p.path}>
                <Link to={p.path}>{p.title}</Link>
              </li>
            ) : null,
          )}
          <li>
            <Link to="/sitemap">Sitemap: every page of the website</Link>
          </li>
        </ul>
      </div>
    </>
  );
}
