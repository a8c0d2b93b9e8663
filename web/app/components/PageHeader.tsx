import { Link } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

/** The title-and-breadcrumb header of every inner page (SPEC §2: Home | section | page). */
export function PageHeader({ title, section }: { title: string; section?: Crumb }) {
  return (
    <header className="page-header">
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
    </header>
  );
}
