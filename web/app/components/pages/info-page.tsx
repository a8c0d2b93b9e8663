import type { SchoolProfile } from '@sthsm/contract/profile';
import type { ReactNode } from 'react';
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

/**
 * The frame of every information page: its title-and-breadcrumb header (from the page table), then
 * its body drawn from its stored content, or a short notice when that could not be loaded.
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
