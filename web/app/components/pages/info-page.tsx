import type { SchoolProfile } from '@sthsm/contract/profile';
import type { ReactNode } from 'react';
import { Link, useLoaderData } from 'react-router';
import { useRootData } from '../../lib/root-data';
import { PageHeader } from '../page-header';

/** What an information page shows when its stored text could not be loaded (the API and every fallback failed). */
export function Unavailable({ what = 'this page' }: { what?: string }) {
  return (
    <section className="notice" aria-live="polite">
      <h2>{`${what[0]?.toUpperCase() ?? ''}${what.slice(1)} is not available right now`}</h2>
      <p>We could not load {what} just now. Please try again in a little while.</p>
    </section>
  );
}

/** What a page the school has not published shows, answered with 404 (lib/pages.server.ts NOT_PUBLISHED). */
export function NotPublished() {
  return (
    <>
      <PageHeader title="Page not found" />
      <div className="container section prose">
        <p>This page is not on the school&rsquo;s website.</p>
        <p>
          <Link to="/">Go to the home page</Link> or see <Link to="/sitemap">every page of the website</Link>.
        </p>
      </div>
    </>
  );
}

/** Whether this route's loader said the school has not published the page. */
export function useNotPublished(): boolean {
  return (useLoaderData() as { notPublished?: boolean } | undefined)?.notPublished === true;
}

/**
 * The frame of every information page: its title-and-breadcrumb header (from the page table), then
 * its body drawn from its stored content, or a short notice when that could not be loaded; "page not
 * found" when the school has not published it.
 */
export function InfoPage<T>({
  content,
  printable = false,
  children,
}: {
  content: T | null;
  printable?: boolean;
  children: (content: T) => ReactNode;
}) {
  const notPublished = useNotPublished();
  if (notPublished) return <NotPublished />;
  return (
    <>
      <PageHeader />
      <div className={printable ? 'container info-page printable' : 'container info-page'}>
        {content ? children(content) : <Unavailable />}
      </div>
    </>
  );
}

/** A part of a page drawn from the school's profile, or a notice when the profile could not be loaded. */
export function SchoolPart({ what, children }: { what: string; children: (school: SchoolProfile) => ReactNode }) {
  const school = useRootData().school;
  return school ? children(school) : <Unavailable what={what} />;
}
