import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';

/** A link of these pages' words to a page of the site, in the page's language, loaded as a whole page (no React here). */
export function SiteLink({ to, children }: { to: string; children: ReactNode }) {
  const { path } = useI18n();
  return (
    <Link to={path(to)} reloadDocument>
      {children}
    </Link>
  );
}

/** `<again>…</again>` in a message: a link to /subscribe. */
export const subscribeLink = (chunks: ReactNode[]) => <SiteLink to="/subscribe">{chunks}</SiteLink>;
