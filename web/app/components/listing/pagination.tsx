import { Link, useLocation } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { pageHref, pageWindow, type Paging } from '../../lib/paging';

/**
 * The pages of a listing as a navigation landmark of plain links (server-rendered, working without
 * JavaScript): Previous, the page numbers with the current one marked, Next. Every link keeps the
 * filters and page size of the URL (a relative `?…` address, so a page in another language stays in
 * it). Nothing is shown when everything fits on one page.
 */
export function Pagination({ paging, label }: { paging: Paging; label: string }) {
  const { t } = useI18n();
  const { search } = useLocation();
  const { page, pages } = paging;
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <p className="pagination__status">{t('lists.pageOf', { page: String(page), pages: String(pages) })}</p>
      <ul>
        <li>
          {page > 1 ? (
            <Link className="pagination__step" to={pageHref(search, page - 1)} rel="prev">
              <span aria-hidden="true">‹ </span>
              {t('lists.previous')}
              <span className="visually-hidden">{t('lists.pageHidden')}</span>
            </Link>
          ) : null}
        </li>
        {pageWindow(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                className="pagination__page"
                to={pageHref(search, n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={t('lists.pageNumber', { n: String(n) })}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <Link className="pagination__step" to={pageHref(search, page + 1)} rel="next">
              {t('lists.next')}
              <span className="visually-hidden">{t('lists.pageHidden')}</span>
              <span aria-hidden="true"> ›</span>
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
