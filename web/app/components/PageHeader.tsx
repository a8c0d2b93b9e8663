import { Link, useLocation, useRouteLoaderData } from 'react-router';
import { JsonLd } from './JsonLd';

export interface Crumb {
  label: string;
  to?: string;
}

/**
 * The title-and-breadcrumb header of every inner page (SPEC §2: Home | section | page), with
 * the same trail as schema.org BreadcrumbList JSON-LD.
 */
export function PageHeader({ title, section }: { title: string; section?: Crumb }) {
  const { pathname } = useLocation();
  const root = useRouteLoaderData('root') as { siteUrl?: string } | undefined;
  const origin = root?.siteUrl ?? '';
  const trail: Array<{ name: string; path?: string }> = [
    { name: 'Home', path: '/' },
    ...(section ? [{ name: section.label, path: section.to }] : []),
    { name: title, path: pathname },
  ];
  const breadcrumbLd = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      ...(crumb.path ? { item: `${origin}${crumb.path}` } : {}),
    })),
  };
  return (
    <header className="page-header">
      <div className="container">
        <h1>{title}</h1>
        <nav aria-label="Breadcrumb">
          <ol className="breadcrumb">
            <li>
              <Link to="/">Home</Link>
            </li>
            {section ? <li>{section.to ? <Link to={section.to}>{section.label}</Link> : section.label}</li> : null}
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
      </div>
      <JsonLd data={breadcrumbLd} />
    </header>
  );
}
