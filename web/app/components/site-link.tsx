import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../i18n/i18n';

/** A link to a site page, in the page's language (`/house` on a Hindi page is `/hi/house`). */
export function SiteLink({ to, ...rest }: ComponentProps<typeof Link> & { to: string }) {
  const { path } = useI18n();
  return <Link to={path(to)} {...rest} />;
}
