import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n';
import { EnglishNote } from '../english-note';
import { NoMatches } from './filter-form';

/**
 * The results of a filtered listing: a notice when the data could not be loaded, a way to
 * clear the filters when nothing matches, else one list item per record.
 */
export function ListingResults<T extends { _id: string; lang?: string | undefined }>({
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
  /** What could not be loaded, e.g. "photo albums", in the page's language. */
  failedWhat: string;
  /** What did not match, e.g. "albums". */
  what: string;
  clearTo: string;
  listClass: string;
  label: string;
  renderItem: (item: T) => ReactNode;
}) {
  const { t, textLang } = useI18n();
  if (failed) {
    return <p className="listing__notice">{t('lists.failed', { what: failedWhat })}</p>;
  }
  if (items.length === 0) return <NoMatches what={what} clearTo={clearTo} />;
  // The items are the school's text: on a page in another language, the note that they are in English
  // (unless every one of them is translated).
  const english = items.some((item) => textLang(item.lang));
  return (
    <>
      {english ? <EnglishNote /> : null}
      <ul className={listClass} aria-label={label}>
        {items.map((item) => (
          <li key={item._id}>{renderItem(item)}</li>
        ))}
      </ul>
    </>
  );
}
