import type { SchoolProfile } from '@sthsm/contract/profile';
import type { ReactNode } from 'react';
import { useLoaderData } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { useRootData } from '../../lib/root-data';
import { EnglishNote } from '../english-note';
import { PageHeader } from '../page-header';
import { SiteLink } from '../site-link';

/** What could not be loaded, for the notice's words. */
export type UnavailablePart = 'page' | 'schoolInformation' | 'contactDetails';

/** What an information page shows when its stored text could not be loaded (the API and every fallback failed). */
export function Unavailable({ what = 'page' }: { what?: UnavailablePart }) {
  const { t } = useI18n();
  return (
    <section className="notice" aria-live="polite">
      <h2>{t(`info.unavailable.${what}.title`)}</h2>
      <p>{t(`info.unavailable.${what}.text`)}</p>
    </section>
  );
}

/** A link to a site page, in the page's language (one for the site: components/site-link.tsx). */
export { SiteLink } from '../site-link';

/** Text the school wrote, inside words of ours (one component for the whole site: components/english-note.tsx). */
export { SchoolText } from '../english-note';

const homeLink = (chunks: ReactNode[]) => <SiteLink to="/">{chunks}</SiteLink>;
const sitemapLink = (chunks: ReactNode[]) => <SiteLink to="/sitemap">{chunks}</SiteLink>;

/** What a page the school has not published shows, answered with 404 (lib/pages.server.ts notPublished). */
export function NotPublished() {
  const { t, rich } = useI18n();
  return (
    <>
      <PageHeader title={t('shell.notFoundTitle')} />
      <div className="container section prose">
        <p>{t('info.notPublished')}</p>
        <p>{rich('info.notPublishedHelp', { home: homeLink, sitemap: sitemapLink })}</p>
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
 * its body drawn from its stored content (on a page in another language, after the note that the
 * school's text is in English), or a short notice when that could not be loaded; "page not found"
 * when the school has not published it.
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
        {content ? (
          <>
            <EnglishNote />
            {children(content)}
          </>
        ) : (
          <Unavailable />
        )}
      </div>
    </>
  );
}

/** A part of a page drawn from the school's profile, or a notice when the profile could not be loaded. */
export function SchoolPart({ what, children }: { what: UnavailablePart; children: (school: SchoolProfile) => ReactNode }) {
  const school = useRootData().school;
  return school ? children(school) : <Unavailable what={what} />;
}
