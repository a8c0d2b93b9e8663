import { Link, useLocation } from 'react-router';
import { useRootData } from '../lib/root-data';
import { breadcrumbOf, findPage, type Crumb } from '../lib/site-map';
import { JsonLd } from './json-ld';
import { pathWithoutLocale } from '@sthsm/contract/languages';
import { useI18n } from '../i18n/i18n';
import { crumbLabel, pageTitle } from '../i18n/pages';

/**
 * The title-and-breadcrumb header of every inner page (SPEC §2: Home | section | page), with the
 * same trail as schema.org BreadcrumbList JSON-LD. Title and section come from the page table
 * for the current path; a page whose title depends on its data (an album) passes its own.
 */
export function PageHeader({ title, titleLang, section }: { title?: string; titleLang?: string; section?: Crumb }) {
  const { pathname } = useLocation();
  const { siteUrl } = useRootData();
  const { t, path, contentDir } = useI18n();
  const titleDir = titleLang ? contentDir : undefined;
  const entry = findPage(pathWithoutLocale(pathname));
  const fromTable = entry ? breadcrumbOf(entry) : { title: '', section: undefined };
  const heading = title ?? (entry ? pageTitle(t, entry) : t('shell.page'));
  const tableSection = fromTable.section ? { label: crumbLabel(t, fromTable.section), to: fromTable.section.to } : undefined;
  const middle = section ?? tableSection;
  const home = t('menu.Home');
  const trail: Array<{ name: string; path?: string }> = [
    { name: home, path: path('/') },
    ...(middle ? [{ name: middle.label, path: middle.to && path(middle.to) }] : []),
    { name: heading, path: pathname },
  ];
  const breadcrumbLd = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      ...(crumb.path ? { item: `${siteUrl}${crumb.path}` } : {}),
    })),
  };
  return (
    <header className="page-header">
      <div className="container">
        {/* `titleLang`: a title the school wrote, on a page in another language (useI18n().contentLang). */}
        <h1 lang={titleLang} dir={titleDir}>
          {heading}
        </h1>
        <nav aria-label={t('shell.breadcrumb')}>
          <ol className="breadcrumb">
            <li>
              <Link to={path('/')}>{home}</Link>
            </li>
            {middle ? <li>{middle.to ? <Link to={path(middle.to)}>{middle.label}</Link> : middle.label}</li> : null}
            <li aria-current="page" lang={titleLang} dir={titleDir}>
              {heading}
            </li>
          </ol>
        </nav>
      </div>
      <JsonLd data={breadcrumbLd} />
    </header>
  );
}

/** An inner page that could not be shown (its route's ErrorBoundary): the page's header and one line saying what to do. */
export function PageHeaderError({ message }: { message: string }) {
  return (
    <>
      <PageHeader />
      <div className="container page-body">
        <p role="alert">{message}</p>
      </div>
    </>
  );
}
