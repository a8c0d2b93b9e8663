import { Link, useLocation } from 'react-router';
import { pageHref, pageWindow, type Paging } from '../../lib/paging';

/**
 * The pages of a listing as a navigation landmark of plain links (server-rendered, working without
 * JavaScript): Previous, the page numbers with the current one marked, Next. Every link keeps the
 * filters and page size of the URL. Nothing is shown when everything fits on one page.
 */
export function Pagination({ paging, label }: { paging: Paging; label: string }) {
  const { search } = useLocation();
  const { page, pages } = paging;
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <p className="pagination__status">
        Page {page} of {pages}
      </p>
      <ul>
        <li>
          {page > 1 ? (
            <Link className="pagination__step" to={pageHref(search, page - 1)} rel="prev">
              <span aria-hidden="true">‹ </span>Previous<span className="visually-hidden"> page</span>
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
                aria-label={`Page ${n}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <Link className="pagination__step" to={pageHref(search, page + 1)} rel="next">
              Next<span className="visually-hidden"> page</span>
              <span aria-hidden="true"> ›</span>
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
