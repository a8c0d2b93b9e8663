import { isRouteErrorResponse, Link } from 'react-router';
import { useI18n } from '../i18n/i18n';
import { PageHeader } from './page-header';

/**
 * The ErrorBoundary body of an item page: not found (404) or not loadable now, with the way back.
 * `noun` ("News item") and `lowerNoun` (inside a sentence) are in the page's language; `back.to` is
 * an English address (it is put in the page's language here).
 */
export function ItemError({
  error,
  noun,
  lowerNoun = noun.toLowerCase(),
  back,
}: {
  error: unknown;
  noun: string;
  lowerNoun?: string;
  back: { to: string; label: string };
}) {
  const { t, path } = useI18n();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <PageHeader title={missing ? t('lists.item.notFound', { noun }) : t('lists.item.unavailable', { noun })} />
      <div className="container section prose">
        <p>{missing ? t('lists.item.missingText', { noun: lowerNoun }) : t('lists.item.failedText', { noun: lowerNoun })}</p>
        <p>
          <Link to={path(back.to)}>{back.label}</Link>
        </p>
      </div>
    </>
  );
}
