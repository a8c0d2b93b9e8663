import type { ReactNode } from 'react';
import { data, Link } from 'react-router';
import type { Route } from './+types/not-found';
import { PageHeader } from '../components/page-header';
import { MENU_GROUPS, pagesOf } from '../lib/site-map';
import { useSitePages } from '../lib/site-pages';
import { useI18n } from '../i18n/i18n';
import { pageTitle } from '../i18n/pages';

/** An unknown path: a real page with the site's header and menu, answered with status 404. */
export function loader({ request }: Route.LoaderArgs) {
  return data({ path: new URL(request.url).pathname }, { status: 404 });
}

/** The address as typed, set off from the sentence. */
const codeTag = (chunks: ReactNode[]) => <code>{chunks}</code>;

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const pages = useSitePages();
  const { t, rich, path } = useI18n();
  return (
    <>
      <PageHeader title={t('shell.notFoundTitle')} />
      <div className="container section prose">
        <p>{rich('shell.notFoundLine', { path: loaderData.path, code: codeTag })}</p>
        <p>{t('shell.notFoundHelp')}</p>
        <ul>
          <li>
            <Link to={path('/')}>{t('shell.homePage')}</Link>
          </li>
          {MENU_GROUPS.map((group) => pagesOf(group, pages)[0]).map((p) =>
            p ? (
              <li key={p.path}>
                <Link to={path(p.path)}>{pageTitle(t, p)}</Link>
              </li>
            ) : null,
          )}
          <li>
            <Link to={path('/sitemap')}>{t('shell.sitemapLink')}</Link>
          </li>
        </ul>
      </div>
    </>
  );
}
