import { Link, useRouteLoaderData } from 'react-router';
import type { RootData } from '../../lib/root-data';

/** The frame of the signed-out pages (sign in, setup, set password, reset): school name, one card. */
export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  return (
    <>
      <header className="admin-topbar">
        <p className="admin-brand">
          {root?.school?.name ?? 'School'} <span>Staff area</span>
        </p>
        <Link className="admin-topbar-link" to="/" reloadDocument>
          Public website
        </Link>
      </header>
      <main id="main" className="admin-auth" tabIndex={-1}>
        <div className="admin-card">
          <h1>{title}</h1>
          {children}
        </div>
      </main>
    </>
  );
}
