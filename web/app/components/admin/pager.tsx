import { Link } from 'react-router';

/** "Previous page" / "Next page" links under a staff list (nothing when it fits one page). */
export function AdminPager({ label, page, pages, at }: { label: string; page: number; pages: number; at: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="admin-pager">
      {page > 1 ? <Link to={at(page - 1)}>Previous page</Link> : <span />}
      {page < pages ? <Link to={at(page + 1)}>Next page</Link> : null}
    </nav>
  );
}
