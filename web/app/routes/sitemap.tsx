import { Link } from 'react-router';
import { PageHeader } from '../components/page-header';
import { MENU_GROUPS, pagesOf, type MenuGroup } from '../lib/site-map';
import { NO_HYDRATION } from '../lib/hydration';
import { useSitePages } from '../lib/site-pages';
import { useI18n } from '../i18n/i18n';
import { pageDescription, pageTitle } from '../i18n/pages';

const GROUPS: MenuGroup[] = ['Home', ...MENU_GROUPS, 'More'];

/** Nothing here needs React in the browser: the shell's small script does the rest (lib/hydration.ts). */
export const handle = NO_HYDRATION;

/** The HTML sitemap: every listed page of the site map (the school's published ones), grouped like the menu. */
export default function Sitemap() {
  const { t, path } = useI18n();
  const pages = useSitePages();
  return (
    <>
      <PageHeader />
      <div className="container section">
        <div className="card-grid sitemap-grid">
          {GROUPS.filter((group) => pagesOf(group, pages).length > 0).map((group) => (
            <section className="card" key={group} aria-labelledby={`sitemap-${group.replace(/\W+/g, '-')}`}>
              <h2 id={`sitemap-${group.replace(/\W+/g, '-')}`}>{t(`menu.${group}`)}</h2>
              <ul className="sitemap-list">
                {pagesOf(group, pages).map((p) => (
                  <li key={p.path}>
                    <Link to={path(p.path)}>{pageTitle(t, p)}</Link>
                    <span className="sitemap-desc">{pageDescription(t, p)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
