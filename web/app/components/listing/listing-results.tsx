import type { ReactNode } from 'react';
import { NoMatches } from './filter-form';

/**
 * The results of a filtered listing: a notice when the data could not be loaded, a way to
 * clear the filters when nothing matches, else one list item per record.
 */
export function ListingResults<T extends { _id: string }>({
  items,
  failed,
  failedWhat,
  what,
  clearTo,
  listClass,
  label,
  renderItem,
}: {
  items: readonly T[];
  failed: boolean;
  /** What could not be loaded, e.g. "photo albums". */
  failedWhat: string;
  /** What did not match, e.g. "albums". */
  what: string;
  clearTo: string;
  listClass: string;
  label: string;
  renderItem: (item: T) => ReactNode;
}) {
  if (failed) {
    return <p className="listing__notice">The {failedWhat} could not be loaded just now. Please try again in a moment.</p>;
  }
  if (items.length === 0) return <NoMatches what={what} clearTo={clearTo} />;
  return (
    <ul className={listClass} aria-label={label}>
      {items.map((item) => (
        <li key={item._id}>{renderItem(item)}</li>
      ))}
    </ul>
  );
}
