import { Link, useLocation } from 'react-router';
import { useRootData } from '../lib/root-data';
import { breadcrumbOf, findPage, type Crumb } from '../lib/site-map';
import { JsonLd } from './json-ld';

/**
 * The title-and-breadcrumb header of every inner page (SPEC §2: Home | section | page), with the
 * same trail as schema.org BreadcrumbList JSON-LD. Title and section come from the page table
 * for the current path; a page whose title depends on its data (an album) passes its own.
 */
export function PageHeader({ title, section }: { title?: string; section?: Crumb }) {
  const { pathname } = useLocation();
  const { siteUrl } = useRootData();
  const entry = findPage(pathname);
  const fromTable = entry ? breadcrumbOf(entry) : { title: 'Page', section: undefined };
  const heading = title ?? fromTable.title;
  const middle = section ?? fromTable.section;
  const trail: Array<{ name: string; path?: string }> = [
    { name: 'Home', path: '/' },
    ...(middle ? [{ name: middle.label, path: middle.to }] : []),
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
        <h1>{heading}</h1>
        <nav aria-label="Breadcrumb">
          <ol className="breadcrumb">
            <li>
              <Link to="/">Home</Link>
            </li>
            {middle ? <li>{middle.to ? <Link to={middle.to}>{middle.label}</Link> : middle.label}</li> : null}
            <li aria-current="page">{heading}</li>
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
